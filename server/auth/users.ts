import { eq, sql } from 'drizzle-orm';
import type { User } from '../../contract/auth';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { users, agentProfiles } from '../db/schema';
import { hashPassword } from './crypto';

/** The user as the API shows it (is_approved as "0"/"1" and email_verified as a boolean, as the app reads them). */
export function toApiUser(u: SessionUser): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    is_approved: u.isApproved ? '1' : '0',
    email_verified: u.emailVerifiedAt !== null,
    email_verified_at: u.emailVerifiedAt?.toISOString() ?? null,
    status: u.status,
    agent_code: u.agentCode,
    ...(u.agencyId !== null && u.agencyRole ? { agency_id: u.agencyId, agency_role: u.agencyRole } : {}),
    created_at: u.createdAt.toISOString(),
  };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, normaliseEmail(email))).limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

async function nextAgentCode(db: DbOrTx, now: Date): Promise<string> {
  const res = await db.execute<{ n: string }>(sql`select nextval('agent_code_seq') as n`);
  const n = Number((res as unknown as { rows: { n: string }[] }).rows[0].n);
  return `AGN-${String(now.getUTCFullYear()).slice(2)}-${String(n).padStart(4, '0')}`;
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role: SessionUser['role'];
  isApproved?: boolean;
  verified?: boolean;
  locale?: string;
  agent?: { companyName: string; phone: string };
}

/** Creates a user (and the agent profile and code for agents) in one transaction. Null when the email is taken. */
/** `then` runs in the same transaction with the new row (a self-registered agent's notice to staff). */
export async function createUser(ctx: Pick<AppContext, 'db' | 'now'>, input: NewUser, then?: (tx: DbOrTx, row: SessionUser) => Promise<void>): Promise<SessionUser | null> {
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const agentCode = input.role === 'agent' ? await nextAgentCode(tx, now) : null;
    const [row] = await tx
      .insert(users)
      .values({
        name: input.name.trim(),
        email: normaliseEmail(input.email),
        passwordHash,
        role: input.role,
        isApproved: input.isApproved ?? input.role !== 'agent',
        emailVerifiedAt: input.verified ? now : null,
        agentCode,
        locale: input.locale === 'ar' ? 'ar' : 'en',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    if (input.agent) {
      // The person registering is the agency's contact until they name another in the profile.
      await tx.insert(agentProfiles).values({ userId: row.id, companyName: input.agent.companyName, phone: input.agent.phone, contactPerson: input.name });
    }
    if (then) await then(tx, row);
    return row;
  });
}
