/**
 * An agency's branch users: listed, added (with a temporary password mailed through the outbox) and deactivated
 * or reactivated, never deleted, so their bookings and audit lines keep naming them. Agents reach only their own
 * agency (another agency is 404) and only its agency admins manage it (a booker gets 403); staff reach any agency.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { agentProfiles, users } from '../db/schema';
import { forbidden, notFound, validationError } from '../http/errors';
import { createUser } from '../auth/users';
import { randomToken } from '../auth/crypto';
import { destroyAllFor } from '../auth/sessions';
import { enqueueMail } from '../mail/outbox';
import { AGENCY_M, type AgencyUser, type AgencyUserInput, type AgencyUsers, type AgencyUserStatusInput } from '../../contract/agency';
import { agencyOf, isAgencyAdmin } from './of';
import { recordAgencyAction } from './audit';
import { inviteMail } from './mails';

type UserRow = typeof users.$inferSelect;

/** The agency (an agent account with no parent) by id; 404 for anything else. */
export async function agencyAccount(db: DbOrTx, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), eq(users.role, 'agent'))).limit(1);
  if (!row || row.agencyId !== null || row.status === 'deleted') throw notFound(AGENCY_M.notFound);
  return row;
}

/**
 * May this caller act on this agency's users and audit list? Staff passed the route's permission guard; an agent
 * must belong to the agency (else 404: another agency is not there for it) and be one of its admins (else 403).
 */
export function assertAgencyAccess(user: SessionUser, agencyId: number): void {
  if (user.role !== 'agent') return;
  if (agencyOf(user) !== agencyId) throw notFound(AGENCY_M.notFound);
  if (!isAgencyAdmin(user)) throw forbidden(AGENCY_M.notAdmin);
}

const toAgencyUser = (u: UserRow): AgencyUser => ({
  id: u.id, name: u.name, email: u.email, agency_role: u.agencyId === null ? 'owner' : u.agencyRole ?? 'booker', status: u.status, created_at: u.createdAt.toISOString(),
});

/** The agency and everyone under it: its own account first, then its branch users by when they were added. */
export async function agencyUsers(db: DbOrTx, agencyId: number): Promise<AgencyUsers> {
  const agency = await agencyAccount(db, agencyId);
  const [profile] = await db.select({ company: agentProfiles.companyName }).from(agentProfiles).where(eq(agentProfiles.userId, agencyId)).limit(1);
  const members = await db.select().from(users).where(and(eq(users.agencyId, agencyId), ne(users.status, 'deleted'))).orderBy(asc(users.createdAt), asc(users.id));
  return {
    agency: { id: agency.id, name: agency.name, company_name: profile?.company ?? null, agent_code: agency.agentCode },
    data: [toAgencyUser(agency), ...members.map(toAgencyUser)],
  };
}

/**
 * A new branch user: an approved, verified agent login under the agency (the agency vouches for it), with a
 * temporary password in the invitation mail that it changes through "forgot password" or its profile.
 */
export async function addAgencyUser(ctx: AppContext, me: SessionUser, agencyId: number, input: AgencyUserInput): Promise<AgencyUser> {
  await agencyAccount(ctx.db, agencyId);
  const password = randomToken(12);
  const row = await createUser(ctx, { name: input.name, email: input.email, password, role: 'agent', verified: true, isApproved: true, locale: input.locale }, async (tx, created) => {
    await tx.update(users).set({ agencyId, agencyRole: input.agency_role }).where(eq(users.id, created.id));
    await recordAgencyAction(tx, me, 'user_added', created.email, ctx.now(), { user_id: created.id, agency_role: input.agency_role }, agencyId);
    await enqueueMail(tx, created.email, await inviteMail(tx, ctx, { ...created, agencyId }, password));
  });
  if (!row) throw validationError({ email: [AGENCY_M.taken] });
  return toAgencyUser({ ...row, agencyId, agencyRole: input.agency_role });
}

/** Deactivate (signed out everywhere, history kept) or reactivate one of the agency's branch users. */
export async function setAgencyUserStatus(ctx: AppContext, me: SessionUser, agencyId: number, userId: number, input: AgencyUserStatusInput): Promise<AgencyUser> {
  await agencyAccount(ctx.db, agencyId);
  if (userId === me.id) throw forbidden(AGENCY_M.self);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [u] = await tx.update(users).set({ status: input.status, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.agencyId, agencyId), ne(users.status, 'deleted'))).returning();
    if (!u) throw notFound(AGENCY_M.userNotFound);
    await recordAgencyAction(tx, me, input.status === 'active' ? 'user_reactivated' : 'user_deactivated', u.email, now, { user_id: u.id }, agencyId);
    return u;
  });
  if (row.status !== 'active') await destroyAllFor(ctx, row.id);
  return toAgencyUser(row);
}
