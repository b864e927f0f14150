import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppEnv, SessionUser } from '../context';
import { agentProfiles, deposits, users } from '../db/schema';
import { requiredString, ROLES, STAFF_ROLES, type Role } from '../../contract/auth';
import { AgentProfileInput, AgentSettingsInput, M, StatusUpdateInput } from '../../contract/agents';
import { can } from '../../contract/permissions';
import { idSchema } from '../../contract/ids';
import { toMoney } from '../../contract/money';
import { ApiError, forbidden, notFound, validationError } from '../http/errors';
import { anyAgent, currentUser, requireOneOf, requirePermission, requireRole, withPermission } from '../http/guards';
import { body, jsonBody, issuesToErrors } from '../http/validate';
import { createUser, findUserById, toApiUser } from '../auth/users';
import { hashPassword, verifyPassword } from '../auth/crypto';
import { destroyAllFor } from '../auth/sessions';
import { agentMargins } from '../db/schema';
import { agentProfileOf, mailAgentDecision } from '../agents/users';
import { agentMarginRow } from '../agents/margins';
import { walletBalance } from '../ledger/service';
import { idFrom, idParam, meta, pageQuery } from '../agents/common';
import { toApiAgentMargin } from './margins';
import { assertUploadOwnedBy } from '../uploads/service';

const email = v.pipe(requiredString('Email is required.'), v.email('Enter a valid email address.'), v.maxLength(190, 'Email is too long.'));
const name = v.pipe(requiredString('Name is required.'), v.maxLength(120, 'Name is too long.'));
const password = v.pipe(requiredString('Password is required.', false), v.minLength(8, 'Password must be at least 8 characters.'), v.maxLength(200, 'Password is too long.'));
const phone = v.pipe(requiredString('Phone is required.'), v.regex(/^\+?[0-9 ()-]{7,20}$/, M.phone));

const NewUserInput = v.object({
  name,
  email,
  password,
  role: v.optional(v.picklist(['agent', 'customer'], M.role), 'customer'),
  company_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(160, 'At most 160 characters.'))),
  phone: v.optional(v.pipe(v.string(), v.trim())),
});
const NewAgentInput = v.object({ name, email, password, company_name: v.pipe(requiredString(M.companyName), v.maxLength(160, 'At most 160 characters.')), phone });
const StaffInput = v.object({ name, email, password, role: v.picklist(STAFF_ROLES, M.role) });
const StaffUpdateInput = v.object({
  id: idSchema('Choose a staff member.'),
  name,
  email,
  role: v.picklist(STAFF_ROLES, M.role),
  password: v.optional(v.pipe(v.string(), v.check((s) => s === '' || s.length >= 8, 'Password must be at least 8 characters.'), v.maxLength(200, 'Password is too long.')), ''),
});

const isStaffRole = (r: Role) => (STAFF_ROLES as readonly string[]).includes(r);
const taken = () => validationError({ email: ['This email is already registered.'] });

async function userRow(c: Context<AppEnv>, id: number) {
  const u = await findUserById(c.get('ctx').db, id);
  if (!u) throw notFound('User not found.');
  return u;
}

/** The user as the back office lists it: the API user plus the company, for agents. */
async function withCompanies(c: Context<AppEnv>, rows: SessionUser[]) {
  const ids = rows.filter((u) => u.role === 'agent').map((u) => u.id);
  const profiles = ids.length ? await c.get('ctx').db.select().from(agentProfiles).where(inArray(agentProfiles.userId, ids)) : [];
  const byId = new Map(profiles.map((p) => [p.userId, p]));
  return rows.map((u) => ({ ...toApiUser(u), company_name: byId.get(u.id)?.companyName ?? null, phone: byId.get(u.id)?.phone ?? null }));
}

export function userRoutes() {
  const r = new Hono<AppEnv>();

  // ---- back office: users, agents, staff ------------------------------------------------------------
  r.get('/users', requirePermission('users.manage'), async (c) => {
    const q = pageQuery(c, {
      role: v.optional(v.picklist([...ROLES, 'staff', ''], M.role)),
      is_approved: v.optional(v.picklist(['0', '1', ''], 'Choose 0 or 1.')),
      status: v.optional(v.picklist(['active', 'suspended', 'deleted', ''], M.userStatus)),
      search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
    });
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
    const db = c.get('ctx').db;
    const rows = await db.select({ u: users }).from(users).leftJoin(agentProfiles, eq(agentProfiles.userId, users.id)).where(where).orderBy(desc(users.id)).limit(q.limit).offset(q.offset);
    const [{ n }] = await db.select({ n: count() }).from(users).leftJoin(agentProfiles, eq(agentProfiles.userId, users.id)).where(where);
    return c.json({ data: await withCompanies(c, rows.map((r) => r.u)), meta: meta(q, n) });
  });

  /** Agents for staff pickers (charges, deposits filters): any back-office permission that works on agents. */
  r.get('/agent-options', requirePermission('users.manage', 'deposits.manage', 'ledger.manage', 'margins.manage', 'travellers.manage'), async (c) => {
    const rows = await c.get('ctx').db
      .select({ id: users.id, name: users.name, agent_code: users.agentCode, company_name: agentProfiles.companyName })
      .from(users)
      .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
      .where(and(eq(users.role, 'agent'), eq(users.status, 'active')))
      .orderBy(agentProfiles.companyName, users.id);
    return c.json({ data: rows });
  });

  r.get('/users-summary', requirePermission('users.manage'), async (c) => {
    const db = c.get('ctx').db;
    const rows = await db.select({ role: users.role, approved: users.isApproved, n: count() }).from(users).where(ne(users.status, 'deleted')).groupBy(users.role, users.isApproved);
    const sum = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((s, r) => s + r.n, 0);
    const [pendingDeposits] = await db.select({ n: count() }).from(deposits).where(eq(deposits.status, 'pending'));
    return c.json({
      data: {
        agents: sum((r) => r.role === 'agent'),
        pending_agents: sum((r) => r.role === 'agent' && !r.approved),
        customers: sum((r) => r.role === 'customer'),
        staff: sum((r) => isStaffRole(r.role)),
        pending_deposits: pendingDeposits.n,
      },
    });
  });

  r.get('/users/:id', requirePermission('users.manage'), async (c) => {
    const u = await userRow(c, idParam(c, 'User not found.'));
    const db = c.get('ctx').db;
    const data: Record<string, unknown> = { ...(await withCompanies(c, [u]))[0] };
    if (u.role === 'agent') {
      data.profile = await agentProfileOf(db, u);
      const b = await walletBalance(db, u.id);
      data.balance = toMoney(b.balanceMinor, b.currency);
      data.margin = toApiAgentMargin(u.id, await agentMarginRow(db, u.id));
    }
    return c.json({ data });
  });

  r.post('/users', requirePermission('users.manage'), async (c) => {
    const input = await body(c, NewUserInput);
    if (input.role === 'agent') {
      const errors: Record<string, string[]> = {};
      if (!input.company_name) errors.company_name = [M.companyName];
      if (!input.phone) errors.phone = ['Phone is required.'];
      else if (!/^\+?[0-9 ()-]{7,20}$/.test(input.phone)) errors.phone = [M.phone];
      if (Object.keys(errors).length) throw validationError(errors);
    }
    const user = await createUser(c.get('ctx'), {
      name: input.name, email: input.email, password: input.password, role: input.role, verified: true, isApproved: true,
      agent: input.role === 'agent' ? { companyName: input.company_name!, phone: input.phone! } : undefined,
    });
    if (!user) throw taken();
    return c.json({ message: 'User saved successfully', data: toApiUser(user) }, 201);
  });

  r.post('/save-admin-agent', requirePermission('users.manage'), async (c) => {
    const input = await body(c, NewAgentInput);
    const user = await createUser(c.get('ctx'), { name: input.name, email: input.email, password: input.password, role: 'agent', verified: true, isApproved: true, agent: { companyName: input.company_name, phone: input.phone } });
    if (!user) throw taken();
    return c.json({ message: 'User saved successfully', data: toApiUser(user) }, 201);
  });

  r.post('/add-staff', requirePermission('users.manage'), async (c) => {
    const parsed = v.safeParse(StaffInput, await jsonBody(c));
    if (!parsed.success) throw validationError(issuesToErrors(parsed.issues), 'Staff creation failed.');
    const input = parsed.output;
    const user = await createUser(c.get('ctx'), { ...input, verified: true, isApproved: true });
    if (!user) throw validationError({ email: ['This email is already registered.'] }, 'Staff creation failed.');
    return c.json({ message: 'Staff member saved successfully.', data: toApiUser(user) }, 201);
  });

  r.post('/update-staff', requirePermission('users.manage'), async (c) => {
    const ctx = c.get('ctx');
    const input = await body(c, StaffUpdateInput);
    const u = await userRow(c, input.id);
    if (!isStaffRole(u.role)) throw notFound('Staff member not found.');
    const me = currentUser(c);
    if (u.id === me.id && input.role !== u.role) throw validationError({ role: ['You cannot change your own role.'] });
    const set: Partial<typeof users.$inferInsert> = { name: input.name, email: input.email.toLowerCase(), role: input.role, updatedAt: ctx.now() };
    if (input.password) set.passwordHash = await hashPassword(input.password);
    const [row] = await ctx.db.update(users).set(set).where(eq(users.id, u.id)).returning().catch((err) => {
      if (String(err?.code ?? err?.cause?.code) === '23505') throw taken();
      throw err;
    });
    if (input.password && u.id !== me.id) await destroyAllFor(ctx, u.id);
    return c.json({ message: 'Staff member updated successfully.', data: toApiUser(row) });
  });

  /** Approve/reject an agent, suspend, reactivate, or delete (soft) a user: one call (spec §4). */
  const updateStatus = async (c: Context<AppEnv>) => {
    const ctx = c.get('ctx');
    const me = currentUser(c);
    const id = idParam(c, 'User not found.');
    const input = await body(c, StatusUpdateInput);
    if (input.is_approved === undefined && input.status === undefined) throw validationError({ status: [M.userStatus] });
    const u = await userRow(c, id);
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
      }
      return row;
    });
    if (row.status !== 'active') await destroyAllFor(ctx, row.id);
    const message = input.status === 'deleted' ? 'User deleted successfully' : 'User has been updated successfully';
    return c.json({ message, data: (await withCompanies(c, [row]))[0] });
  };
  r.put('/update-status', requirePermission('users.manage'), updateStatus);
  r.put('/update-status/:id', requirePermission('users.manage'), updateStatus);

  const remove = async (c: Context<AppEnv>) => {
    const ctx = c.get('ctx');
    const me = currentUser(c);
    const id = idParam(c, 'User not found.');
    if (id === me.id) throw forbidden('You cannot suspend or delete your own account.');
    const [row] = await ctx.db.update(users).set({ status: 'deleted', updatedAt: ctx.now() }).where(and(eq(users.id, id), ne(users.status, 'deleted'))).returning();
    if (!row) throw notFound('User not found.');
    await destroyAllFor(ctx, id);
    return c.json({ message: 'User deleted successfully', data: toApiUser(row) });
  };
  r.delete('/users', requirePermission('users.manage'), remove);
  r.delete('/users/:id', requirePermission('users.manage'), remove);

  // ---- agent profile (add-agent-details, update-agent-data, settings) ---------------------------------
  const profileSubject = async (c: Context<AppEnv>, asked: number | string | undefined | null) => {
    const me = currentUser(c);
    if (me.role === 'agent') {
      if (asked !== undefined && asked !== null && asked !== '' && Number(asked) !== me.id) throw notFound('Agent not found.');
      return me;
    }
    if (!can(me.role, 'users.manage')) throw forbidden();
    const u = await userRow(c, idFrom(asked === undefined || asked === null ? '' : String(asked), 'Agent not found.'));
    if (u.role !== 'agent') throw notFound('Agent not found.');
    return u;
  };

  /** An agent's own profile (a pending agent may complete it), or any agent's for staff with users.manage. */
  const profileKeepers = requireOneOf(withPermission('users.manage'), anyAgent);

  r.post('/update-agents-data', profileKeepers, async (c) => {
    const ctx = c.get('ctx');
    const input = await body(c, AgentProfileInput);
    const agent = await profileSubject(c, input.user_id);
    if (input.logo_file) await assertUploadOwnedBy(ctx.db, input.logo_file, agent.id, { field: 'logo_file', imagesOnly: true, allowAnyOwner: currentUser(c).role !== 'agent' });
    const now = ctx.now();
    const values = {
      companyName: input.company_name,
      phone: input.phone,
      licenceNo: input.licence_no || null,
      address: input.address || null,
      city: input.city || null,
      country: input.country || null,
      contactPerson: input.contact_person || null,
      logoFile: input.logo_file || null,
      website: input.website || null,
      updatedAt: now,
    };
    await ctx.db.insert(agentProfiles).values({ userId: agent.id, ...values }).onConflictDoUpdate({ target: agentProfiles.userId, set: values });
    return c.json({ message: 'Agent details saved successfully', data: await agentProfileOf(ctx.db, agent) });
  });

  const agentsData = async (c: Context<AppEnv>) => {
    const agent = await profileSubject(c, c.req.param('id') ?? c.req.query('user_id') ?? c.req.query('id'));
    return c.json({ data: await agentProfileOf(c.get('ctx').db, agent) });
  };
  r.get('/agentsData', profileKeepers, agentsData);
  r.get('/agentsData/:id', profileKeepers, agentsData);

  r.post('/agent-profile', requireRole('agent'), async (c) => {
    const ctx = c.get('ctx');
    const me = currentUser(c);
    const input = await body(c, AgentSettingsInput);
    let passwordHash: string | undefined;
    if (input.new_password) {
      if (!(await verifyPassword(me.passwordHash, input.current_password))) throw validationError({ current_password: ['The current password is not correct.'] });
      passwordHash = await hashPassword(input.new_password);
    }
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ name: input.name, updatedAt: now, ...(passwordHash ? { passwordHash } : {}) }).where(eq(users.id, me.id));
      if (input.phone) await tx.update(agentProfiles).set({ phone: input.phone, updatedAt: now }).where(eq(agentProfiles.userId, me.id));
      await tx.insert(agentMargins).values({ agentId: me.id, ownMarkupMinor: input.own_markup, updatedAt: now }).onConflictDoUpdate({ target: agentMargins.agentId, set: { ownMarkupMinor: input.own_markup, updatedAt: now } });
    });
    const fresh = (await findUserById(ctx.db, me.id))!;
    return c.json({ message: 'Profile updated successfully', data: await agentProfileOf(ctx.db, fresh) });
  });

  void sql; void ApiError;
  return r;
}
