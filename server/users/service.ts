import { and, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { agentProfiles, deposits, users } from '../db/schema';
import { STAFF_ROLES, type Role } from '../../contract/auth';
import { M } from '../../contract/fields';
import { type StatusUpdateInput } from '../../contract/agents';
import type { BackOfficeUser, NewAgentInput, UsersSummary, NewUserInput, StaffInput, StaffUpdateInput } from '../../contract/users';
import { toMoney } from '../../contract/money';
import { forbidden, notFound, validationError } from '../http/errors';
import { createUser, findUserById, toApiUser } from '../auth/users';
import { hashPassword } from '../auth/crypto';
import { destroyAllFor } from '../auth/sessions';
import { agentProfileOf, mailAgentDecision } from '../agents/users';
import { agentApproved } from '../notifications/events';
import { agentMarginRow } from '../pricing';
import { toApiAgentMargin } from '../margins/service';
import { walletBalance } from '../ledger/service';

export const isStaffRole = (r: Role) => (STAFF_ROLES as readonly string[]).includes(r);
const taken = (message?: string) => validationError({ email: ['This email is already registered.'] }, message);

export async function userRow(db: DbOrTx, id: number, what = 'User not found.') {
  const u = await findUserById(db, id);
  if (!u) throw notFound(what);
  return u;
}

/** Users as the back office lists them: the API user plus the company and phone, for agents. */
export async function withCompanies(db: DbOrTx, rows: SessionUser[]): Promise<BackOfficeUser[]> {
  const ids = rows.filter((u) => u.role === 'agent').map((u) => u.id);
  const profiles = ids.length ? await db.select().from(agentProfiles).where(inArray(agentProfiles.userId, ids)) : [];
  const byId = new Map(profiles.map((p) => [p.userId, p]));
  return rows.map((u) => ({ ...toApiUser(u), company_name: byId.get(u.id)?.companyName ?? null, phone: byId.get(u.id)?.phone ?? null }));
}

export interface UserFilter { role?: string; is_approved?: string; status?: string; search?: string }

/** One page of users, newest first; deleted ones only when asked for by status. */
export async function listUsers(db: DbOrTx, q: UserFilter, page: { limit: number; offset: number }) {
  const conds: (SQL | undefined)[] = [];
  if (q.role === 'staff') conds.push(inArray(users.role, [...STAFF_ROLES]));
  else if (q.role) conds.push(eq(users.role, q.role as Role));
  if (q.is_approved) conds.push(eq(users.isApproved, q.is_approved === '1'));
  conds.push(q.status ? eq(users.status, q.status as 'active') : ne(users.status, 'deleted'));
  if (q.search) {
    const like = `%${q.search.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
    conds.push(or(ilike(users.name, like), ilike(users.email, like), ilike(users.agentCode, like), ilike(agentProfiles.companyName, like)));
  }
  const where = and(...conds);
  const rows = await db.select({ u: users }).from(users).leftJoin(agentProfiles, eq(agentProfiles.userId, users.id)).where(where).orderBy(desc(users.id)).limit(page.limit).offset(page.offset);
  const [{ n }] = await db.select({ n: count() }).from(users).leftJoin(agentProfiles, eq(agentProfiles.userId, users.id)).where(where);
  return { data: await withCompanies(db, rows.map((r) => r.u)), total: n };
}

/** Active agents for the staff's pickers, by company. */
export function agentOptions(db: DbOrTx) {
  return db
    .select({ id: users.id, name: users.name, agent_code: users.agentCode, company_name: agentProfiles.companyName, agency_id: users.agencyId })
    .from(users)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(and(eq(users.role, 'agent'), eq(users.status, 'active')))
    .orderBy(agentProfiles.companyName, users.id);
}

export async function usersSummary(db: DbOrTx): Promise<UsersSummary> {
  const rows = await db.select({ role: users.role, approved: users.isApproved, n: count() }).from(users).where(ne(users.status, 'deleted')).groupBy(users.role, users.isApproved);
  const sum = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((s, r) => s + r.n, 0);
  const [pendingDeposits] = await db.select({ n: count() }).from(deposits).where(eq(deposits.status, 'pending'));
  return {
    agents: sum((r) => r.role === 'agent'),
    pending_agents: sum((r) => r.role === 'agent' && !r.approved),
    customers: sum((r) => r.role === 'customer'),
    staff: sum((r) => isStaffRole(r.role)),
    pending_deposits: pendingDeposits.n,
  };
}

/** A user's details; an agent's come with its profile, wallet balance and margins. */
export async function userDetails(db: DbOrTx, id: number) {
  const u = await userRow(db, id);
  const data: Record<string, unknown> = { ...(await withCompanies(db, [u]))[0] };
  if (u.role === 'agent') {
    data.profile = await agentProfileOf(db, u);
    const b = await walletBalance(db, u.id);
    data.balance = toMoney(b.balanceMinor, b.currency);
    data.margin = toApiAgentMargin(u.id, await agentMarginRow(db, u.id));
  }
  return data;
}

/** A customer or an agent made by staff: verified and approved at once; an agent needs its company and phone. */
export async function createBackOfficeUser(ctx: AppContext, input: NewUserInput) {
  if (input.role === 'agent') {
    const errors: Record<string, string[]> = {};
    if (!input.company_name) errors.company_name = [M.companyName];
    if (!input.phone) errors.phone = ['Phone is required.'];
    else if (!/^\+?[0-9 ()-]{7,20}$/.test(input.phone)) errors.phone = [M.phone];
    if (Object.keys(errors).length) throw validationError(errors);
  }
  const user = await createUser(ctx, {
    name: input.name, email: input.email, password: input.password, role: input.role, verified: true, isApproved: true,
    agent: input.role === 'agent' ? { companyName: input.company_name!, phone: input.phone! } : undefined,
  });
  if (!user) throw taken();
  return toApiUser(user);
}

export async function createAgentByStaff(ctx: AppContext, input: NewAgentInput) {
  const user = await createUser(ctx, { name: input.name, email: input.email, password: input.password, role: 'agent', verified: true, isApproved: true, agent: { companyName: input.company_name, phone: input.phone } });
  if (!user) throw taken();
  return toApiUser(user);
}

export const STAFF_FAILED = 'Staff creation failed.';

export async function createStaff(ctx: AppContext, input: StaffInput) {
  const user = await createUser(ctx, { ...input, verified: true, isApproved: true });
  if (!user) throw taken(STAFF_FAILED);
  return toApiUser(user);
}

/** A staff member's changes; nobody changes their own role, and a new password signs the member out elsewhere. */
export async function updateStaff(ctx: AppContext, me: SessionUser, input: StaffUpdateInput) {
  const u = await userRow(ctx.db, input.id);
  if (!isStaffRole(u.role)) throw notFound('Staff member not found.');
  if (u.id === me.id && input.role !== u.role) throw validationError({ role: ['You cannot change your own role.'] });
  const set: Partial<typeof users.$inferInsert> = { name: input.name, email: input.email.toLowerCase(), role: input.role, updatedAt: ctx.now() };
  if (input.password) set.passwordHash = await hashPassword(input.password);
  const [row] = await ctx.db.update(users).set(set).where(eq(users.id, u.id)).returning().catch((err) => {
    if (String(err?.code ?? err?.cause?.code) === '23505') throw taken();
    throw err;
  });
  if (input.password && u.id !== me.id) await destroyAllFor(ctx, u.id);
  return toApiUser(row);
}

/**
 * Approve or reject an agent, suspend, reactivate or (softly) delete a user, in one call. The decision on an
 * agent is recorded with who made it and mailed to the agent in the same transaction; a user who is no longer
 * active is signed out everywhere.
 */
export async function updateUserStatus(ctx: AppContext, me: SessionUser, id: number, input: StatusUpdateInput) {
  if (input.is_approved === undefined && input.status === undefined) throw validationError({ status: [M.userStatus] });
  const u = await userRow(ctx.db, id);
  if (u.id === me.id && input.status && input.status !== 'active') throw forbidden('You cannot suspend or delete your own account.');
  if (u.status === 'deleted') throw notFound('User not found.');
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
    if (input.status) set.status = input.status;
    if (input.is_approved !== undefined) set.isApproved = input.is_approved === '1';
    const [row] = await tx.update(users).set(set).where(eq(users.id, u.id)).returning();
    if (u.role === 'agent' && input.is_approved !== undefined) {
      const approved = input.is_approved === '1';
      await tx.update(agentProfiles).set({ rejectionReason: approved ? null : input.reason?.trim() || null, reviewedBy: me.id, reviewedAt: now, updatedAt: now }).where(eq(agentProfiles.userId, u.id));
      // Mail on a decision: approval, or a rejection (with or without a prior approval).
      if (approved !== u.isApproved || !approved) await mailAgentDecision(tx, ctx, row, approved, input.reason?.trim() ?? '');
      if (approved && !u.isApproved) await agentApproved(tx, ctx, row);
    }
    return row;
  });
  if (row.status !== 'active') await destroyAllFor(ctx, row.id);
  return (await withCompanies(ctx.db, [row]))[0];
}

export async function deleteUser(ctx: AppContext, me: SessionUser, id: number) {
  if (id === me.id) throw forbidden('You cannot suspend or delete your own account.');
  const [row] = await ctx.db.update(users).set({ status: 'deleted', updatedAt: ctx.now() }).where(and(eq(users.id, id), ne(users.status, 'deleted'))).returning();
  if (!row) throw notFound('User not found.');
  await destroyAllFor(ctx, id);
  return toApiUser(row);
}
