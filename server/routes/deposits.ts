import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AppEnv, SessionUser } from '../context';
import { agentProfiles, banks, deposits, users } from '../db/schema';
import { can } from '../../contract/permissions';
import { idFilter } from '../../contract/ids';
import { DepositInput, DepositStatusInput, M, type Deposit } from '../../contract/agents';
import { toMoney } from '../../contract/money';
import { conflict, notFound, validationError } from '../http/errors';
import { approvedAgent, currentUser, requireApprovedAgent, requireOneOf, requirePermission, withPermission } from '../http/guards';
import { body, query } from '../http/validate';
import { agentSummaries, idFrom, idParam, iso, latestTodayOf, meta, pageQuery } from '../agents/common';
import { reviewDeposit, type DepositRow } from '../agents/deposits';
import { assertUploadOwnedBy } from '../uploads/service';

export function toApiDeposit(d: DepositRow, agent?: Deposit['agent']): Deposit {
  return {
    id: d.id,
    agent_id: d.agentId,
    ...(agent ? { agent } : {}),
    method: d.method,
    bank_id: d.bankId,
    bank_name: d.bankName,
    amount: toMoney(d.amountMinor, d.currency),
    deposit_date: d.depositDate,
    reference: d.reference,
    receipt_file: d.receiptFile,
    note: d.note,
    status: d.status,
    rejection_reason: d.rejectionReason,
    reviewed_by: d.reviewedBy,
    reviewed_at: iso(d.reviewedAt),
    created_at: d.createdAt.toISOString(),
  };
}

const StatusFilter = v.optional(v.picklist(['pending', 'approved', 'rejected', ''], 'Choose pending, approved or rejected.'));

async function withAgents(c: Context<AppEnv>, rows: DepositRow[]) {
  const agents = await agentSummaries(c.get('ctx').db, rows.map((r) => r.agentId));
  return rows.map((r) => toApiDeposit(r, agents.get(r.agentId)));
}

/** Staff who read or manage deposits see every agent's deposits; an approved agent its own. */
const depositReaders = requireOneOf(withPermission('deposits.read', 'deposits.manage'), approvedAgent);

/** A deposit the caller may see (after depositReaders): staff all, an agent only its own (others: 404). */
async function visibleDeposit(c: Context<AppEnv>, id: number): Promise<DepositRow> {
  const user = currentUser(c);
  const [d] = await c.get('ctx').db.select().from(deposits).where(eq(deposits.id, id)).limit(1);
  const staff = can(user.role, 'deposits.read') || can(user.role, 'deposits.manage');
  if (!d || (!staff && d.agentId !== user.id)) throw notFound('Deposit not found.');
  return d;
}

export function depositRoutes() {
  const r = new Hono<AppEnv>();

  // ---- the agent's side -------------------------------------------------------------------------------
  r.post('/deposit-data', requireApprovedAgent, async (c) => {
    const ctx = c.get('ctx');
    const agent = currentUser(c);
    const input = await body(c, DepositInput);
    if (input.deposit_date > latestTodayOf(c)) throw validationError({ deposit_date: [M.futureDate] });
    let bank: typeof banks.$inferSelect | undefined;
    if (input.method === 'bank') {
      [bank] = await ctx.db.select().from(banks).where(and(eq(banks.id, Number(input.bank_id)), eq(banks.isActive, true))).limit(1);
      if (!bank) throw validationError({ bank_id: [M.bank] });
    }
    // The receipt is a file the agent uploaded first (POST /uploads): images or PDF, checked by content there.
    if (input.receipt_file) await assertUploadOwnedBy(ctx.db, input.receipt_file, agent.id, { field: 'receipt_file' });
    const now = ctx.now();
    const [row] = await ctx.db
      .insert(deposits)
      .values({
        agentId: agent.id,
        method: input.method,
        bankId: bank?.id ?? null,
        bankName: bank?.name ?? null,
        amountMinor: input.amount,
        depositDate: input.deposit_date,
        reference: input.reference,
        receiptFile: input.receipt_file || null,
        note: input.note || null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return c.json({ message: 'Deposit saved successfully', data: toApiDeposit(row) }, 201);
  });

  const ownList = async (c: Context<AppEnv>) => {
    const agent = currentUser(c);
    const q = pageQuery(c, { status: StatusFilter });
    const where = and(eq(deposits.agentId, agent.id), q.status ? eq(deposits.status, q.status) : undefined);
    const db = c.get('ctx').db;
    const rows = await db.select().from(deposits).where(where).orderBy(desc(deposits.id)).limit(q.limit).offset(q.offset);
    const [{ n }] = await db.select({ n: count() }).from(deposits).where(where);
    return c.json({ data: rows.map((d) => toApiDeposit(d)), meta: meta(q, n) });
  };
  r.get('/get-deposit-data', requireApprovedAgent, ownList);
  r.get('/get-deposit-data/:id', requireApprovedAgent, async (c) => c.json({ data: toApiDeposit(await visibleDeposit(c, idParam(c, 'Deposit not found.'))) }));

  const approvedTotal = async (c: Context<AppEnv>) => {
    const user = currentUser(c);
    let agentId = user.id;
    const asked = c.req.param('id') ?? c.req.query('agent_id');
    if (can(user.role, 'deposits.read') || can(user.role, 'deposits.manage')) {
      if (!asked) throw validationError({ agent_id: [M.agent] });
      agentId = idFrom(asked, 'Agent not found.');
    } else if (asked && idFrom(asked, 'Agent not found.') !== user.id) throw notFound('Agent not found.');
    const [row] = await c.get('ctx').db
      .select({ total: sql<string>`coalesce(sum(${deposits.amountMinor}), 0)`, n: count() })
      .from(deposits)
      .where(and(eq(deposits.agentId, agentId), eq(deposits.status, 'approved')));
    const [pending] = await c.get('ctx').db
      .select({ total: sql<string>`coalesce(sum(${deposits.amountMinor}), 0)`, n: count() })
      .from(deposits)
      .where(and(eq(deposits.agentId, agentId), eq(deposits.status, 'pending')));
    return c.json({ data: { agent_id: agentId, total: toMoney(Number(row.total)), count: row.n, pending_total: toMoney(Number(pending.total)), pending_count: pending.n } });
  };
  r.get('/approved-deposits-total', depositReaders, approvedTotal);
  r.get('/approved-deposits-total/:id', depositReaders, approvedTotal);

  const remove = async (c: Context<AppEnv>) => {
    const agent = currentUser(c);
    const id = idParam(c, 'Deposit not found.');
    const db = c.get('ctx').db;
    const gone = await db.delete(deposits).where(and(eq(deposits.id, id), eq(deposits.agentId, agent.id), eq(deposits.status, 'pending'))).returning({ id: deposits.id });
    if (!gone.length) {
      const [d] = await db.select().from(deposits).where(and(eq(deposits.id, id), eq(deposits.agentId, agent.id))).limit(1);
      if (!d) throw notFound('Deposit not found.');
      throw conflict(`An ${d.status} deposit cannot be deleted; only pending ones can.`);
    }
    return c.json({ message: 'Deposit deleted successfully', data: { id } });
  };
  r.delete('/delete-deposit-data', requireApprovedAgent, remove);
  r.delete('/delete-deposit-data/:id', requireApprovedAgent, remove);

  // ---- the back office --------------------------------------------------------------------------------
  r.get('/get-agents-deposits', requirePermission('deposits.read', 'deposits.manage'), async (c) => {
    const q = pageQuery(c, {
      status: StatusFilter,
      agent_id: idFilter(M.agent),
      search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
    });
    const conds: (SQL | undefined)[] = [];
    if (q.status) conds.push(eq(deposits.status, q.status));
    if (q.agent_id) conds.push(eq(deposits.agentId, Number(q.agent_id)));
    if (q.search) {
      const like = `%${q.search.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
      conds.push(or(ilike(deposits.reference, like), ilike(users.name, like), ilike(users.email, like), ilike(agentProfiles.companyName, like), ilike(users.agentCode, like)));
    }
    const where = and(...conds);
    const db = c.get('ctx').db;
    const base = () => db.select({ d: deposits }).from(deposits).innerJoin(users, eq(users.id, deposits.agentId)).leftJoin(agentProfiles, eq(agentProfiles.userId, deposits.agentId));
    const rows = await base().where(where).orderBy(sql`case when ${deposits.status} = 'pending' then 0 else 1 end`, desc(deposits.id)).limit(q.limit).offset(q.offset);
    const [{ n }] = await db.select({ n: count() }).from(deposits).innerJoin(users, eq(users.id, deposits.agentId)).leftJoin(agentProfiles, eq(agentProfiles.userId, deposits.agentId)).where(where);
    return c.json({ data: await withAgents(c, rows.map((r) => r.d)), meta: meta(q, n) });
  });

  const details = async (c: Context<AppEnv>) => {
    const d = await visibleDeposit(c, idParam(c, 'Deposit not found.'));
    const [withAgent] = await withAgents(c, [d]);
    return c.json({ data: withAgent });
  };
  r.get('/deposit-details', depositReaders, details);
  r.get('/deposit-details/:id', depositReaders, details);

  const updateStatus = async (c: Context<AppEnv>) => {
    const staff = currentUser(c) as SessionUser;
    const id = idParam(c, 'Deposit not found.');
    const input = await body(c, DepositStatusInput);
    const row = await reviewDeposit(c.get('ctx'), id, staff, input);
    const [data] = await withAgents(c, [row]);
    return c.json({ message: input.status === 'approved' ? 'Deposit approved successfully' : 'Deposit rejected successfully', data });
  };
  r.put('/update-deposit-status', requirePermission('deposits.manage'), updateStatus);
  r.put('/update-deposit-status/:id', requirePermission('deposits.manage'), updateStatus);

  void query;
  return r;
}
