import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AppEnv } from '../context';
import { agentCharges, bookings, deposits, ledgerEntries, ledgerTransactions, users } from '../db/schema';
import { can } from '../../contract/permissions';
import { idFilter } from '../../contract/ids';
import { CHARGE_TYPES, CREDIT_CHARGES, ChargeInput, LEDGER_TYPES, M, StatementQuery, TransactionInput, TransactionUpdateInput, type Charge, type ChargeType } from '../../contract/agents';
import { toMoney } from '../../contract/money';
import { ApiError, forbidden, notFound, validationError } from '../http/errors';
import { anyAgent, approvedAgent, currentUser, requireApprovedAgent, requireOneOf, requirePermission, withPermission } from '../http/guards';
import { body, jsonBody, parse, query } from '../http/validate';
import { issuesToErrors } from '../http/validate';
import { agentStatement, creditWallet, debitWallet, walletBalance, INSUFFICIENT_BALANCE } from '../ledger/service';
import { agentSummaries, idFrom, idParam, iso, meta, pageQuery, requireAgentUser } from '../agents/common';

/** Statements and charges: staff with ledger.manage for any agent, an approved agent for its own. */
const ledgerReaders = requireOneOf(withPermission('ledger.manage'), approvedAgent);

/** Whose ledger: an approved agent its own (asking for another is 404); staff with ledger.manage any, by agent_id. */
async function ledgerSubject(c: Context<AppEnv>, asked: string | undefined, perm: 'ledger.manage' | 'deposits.manage' = 'ledger.manage'): Promise<number> {
  const user = currentUser(c);
  if (can(user.role, perm) || can(user.role, 'ledger.manage')) {
    if (!asked) throw validationError({ agent_id: [M.agent] });
    const id = idFrom(asked, 'Agent not found.');
    const [u] = await c.get('ctx').db.select({ id: users.id }).from(users).where(and(eq(users.id, id), eq(users.role, 'agent'))).limit(1);
    if (!u) throw notFound('Agent not found.');
    return id;
  }
  if (!approvedAgent(user)) throw forbidden();
  if (asked && idFrom(asked, 'Agent not found.') !== user.id) throw notFound('Agent not found.');
  return user.id;
}

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000);

type ChargeRow = typeof agentCharges.$inferSelect;
export const toApiCharge = (r: ChargeRow, agent?: Charge['agent']): Charge => ({
  id: r.id,
  agent_id: r.agentId,
  ...(agent ? { agent } : {}),
  type: r.type,
  direction: CREDIT_CHARGES.includes(r.type) ? 'credit' : 'debit',
  amount: toMoney(r.amountMinor, r.currency),
  description: r.description,
  booking_reference: r.bookingReference,
  transaction_id: r.transactionId,
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
});

export function ledgerRoutes() {
  const r = new Hono<AppEnv>();

  // ---- statement and balance -------------------------------------------------------------------------
  r.get('/agent-statment', ledgerReaders, async (c) => {
    const q = query(c, StatementQuery);
    const agentId = await ledgerSubject(c, q.agent_id ? String(q.agent_id) : undefined);
    if (q.from && q.to && q.from > q.to) throw validationError({ to: ['The end date must be on or after the start date.'] });
    const db = c.get('ctx').db;
    const st = await agentStatement(db, agentId, { from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined, to: q.to ? nextDay(q.to) : undefined });
    const agent = (await agentSummaries(db, [agentId])).get(agentId)!;
    const m = (n: number) => toMoney(n, st.currency);
    return c.json({
      data: {
        agent,
        from: q.from || null,
        to: q.to || null,
        opening_balance: m(st.openingMinor),
        closing_balance: m(st.closingMinor),
        total_debit: m(st.totalDebitMinor),
        total_credit: m(st.totalCreditMinor),
        rows: st.rows.map((row) => ({
          id: row.id,
          transaction_id: row.transactionId,
          date: row.date.toISOString(),
          type: row.type,
          reference: row.reference,
          description: row.description,
          debit: m(row.debitMinor),
          credit: m(row.creditMinor),
          balance: m(row.balanceMinor),
        })),
      },
    });
  });

  r.get('/wallet-balance', requireOneOf(withPermission('ledger.manage', 'deposits.manage'), anyAgent), async (c) => {
    const user = currentUser(c);
    // Any agent may ask for its own (an unapproved one simply has 0); staff ask for an agent's.
    const agentId = user.role === 'agent' ? user.id : await ledgerSubject(c, c.req.query('agent_id'), 'deposits.manage');
    if (user.role === 'agent' && c.req.query('agent_id') && Number(c.req.query('agent_id')) !== user.id) throw notFound('Agent not found.');
    const b = await walletBalance(c.get('ctx').db, agentId);
    return c.json({ data: { agent_id: agentId, balance: toMoney(b.balanceMinor, b.currency) } });
  });

  r.get('/agent-dashboard', requireApprovedAgent, async (c) => {
    const user = currentUser(c);
    const db = c.get('ctx').db;
    const b = await walletBalance(db, user.id);
    const [pending] = await db
      .select({ total: sql<string>`coalesce(sum(${deposits.amountMinor}), 0)`, n: count() })
      .from(deposits)
      .where(and(eq(deposits.agentId, user.id), eq(deposits.status, 'pending')));
    const recent = await db
      .select({ e: ledgerEntries, t: ledgerTransactions })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerEntries.account, 'wallet'), eq(ledgerEntries.agentId, user.id)))
      .orderBy(desc(ledgerEntries.id))
      .limit(8);
    const recentBookings = await db
      .select({ id: bookings.id, pnr: bookings.pnr, origin: bookings.origin, destination: bookings.destination, departureDate: bookings.departureDate, status: bookings.status, totalMinor: bookings.totalMinor, currency: bookings.currency, createdAt: bookings.createdAt })
      .from(bookings)
      .where(eq(bookings.userId, user.id))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(5);
    const now = c.get('ctx').now();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5, 1));
    const month = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM')`;
    const spend = await db
      .select({ month, total: sql<string>`coalesce(sum(-${ledgerEntries.amountMinor}), 0)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'wallet'), eq(ledgerEntries.agentId, user.id), sql`${ledgerEntries.amountMinor} < 0`, gte(ledgerEntries.createdAt, since)))
      .groupBy(month);
    const byMonth = new Map(spend.map((s) => [s.month, Number(s.total)]));
    const months = Array.from({ length: 6 }, (_, i) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5 + i, 1));
      const key = d.toISOString().slice(0, 7);
      return { month: key, spend: toMoney(byMonth.get(key) ?? 0, b.currency) };
    });
    return c.json({
      data: {
        balance: toMoney(b.balanceMinor, b.currency),
        pending_deposits: { count: pending.n, total: toMoney(Number(pending.total), b.currency) },
        recent_activity: recent.map(({ e, t }) => ({
          id: e.id,
          date: e.createdAt.toISOString(),
          type: t.type,
          reference: t.reference,
          description: t.description,
          amount: toMoney(e.amountMinor, e.currency),
          balance: toMoney(e.balanceAfterMinor ?? 0, e.currency),
        })),
        spend_by_month: months,
        recent_bookings: recentBookings.map((bk) => ({
          id: bk.id,
          pnr: bk.pnr,
          origin: bk.origin,
          destination: bk.destination,
          departure_date: bk.departureDate,
          status: bk.status,
          total: toMoney(bk.totalMinor, bk.currency),
          created_at: bk.createdAt.toISOString(),
        })),
      },
    });
  });

  // ---- other charges ---------------------------------------------------------------------------------
  r.post('/save-agent-charges', requirePermission('ledger.manage'), async (c) => {
    const ctx = c.get('ctx');
    const staff = currentUser(c);
    const FAILED = 'Agent charges failed to save.';
    const raw = await jsonBody(c);
    const parsed = v.safeParse(ChargeInput, raw);
    if (!parsed.success) throw validationError(issuesToErrors(parsed.issues), FAILED);
    const input = parsed.output;
    const [agent] = await ctx.db.select().from(users).where(and(eq(users.id, input.agent_id), eq(users.role, 'agent'))).limit(1);
    if (!agent || agent.status === 'deleted') throw validationError({ agent_id: [M.agent] }, FAILED);
    const now = ctx.now();
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const [charge] = await tx
          .insert(agentCharges)
          .values({ agentId: agent.id, type: input.type, amountMinor: input.amount, description: input.description, bookingReference: input.booking_reference || null, createdBy: staff.id, createdAt: now })
          .returning();
        const posting = { agentId: agent.id, amountMinor: input.amount, type: input.type, reference: `charge:${charge.id}`, description: input.description, createdBy: staff.id, at: now };
        const res = CREDIT_CHARGES.includes(input.type) ? await creditWallet(tx, posting) : await debitWallet(tx, posting);
        const [saved] = await tx.update(agentCharges).set({ transactionId: res.transactionId }).where(eq(agentCharges.id, charge.id)).returning();
        return saved;
      });
      const agents = await agentSummaries(ctx.db, [agent.id]);
      return c.json({ message: 'Agent charges saved successfully', data: toApiCharge(row, agents.get(agent.id)) }, 201);
    } catch (err) {
      if (err instanceof ApiError && err.message === INSUFFICIENT_BALANCE) throw new ApiError(422, FAILED, { amount: [INSUFFICIENT_BALANCE] });
      throw err;
    }
  });

  r.get('/show-all-charges', ledgerReaders, async (c) => {
    const user = currentUser(c);
    const q = pageQuery(c, {
      agent_id: idFilter(M.agent),
      type: v.optional(v.picklist([...CHARGE_TYPES, ''], M.chargeType)),
    });
    let agentId: number | undefined;
    if (can(user.role, 'ledger.manage')) agentId = q.agent_id ? Number(q.agent_id) : undefined;
    else {
      if (q.agent_id && Number(q.agent_id) !== user.id) throw notFound('Agent not found.');
      agentId = user.id;
    }
    const where = and(agentId ? eq(agentCharges.agentId, agentId) : undefined, q.type ? eq(agentCharges.type, q.type as ChargeType) : undefined);
    const db = c.get('ctx').db;
    const rows = await db.select().from(agentCharges).where(where).orderBy(desc(agentCharges.id)).limit(q.limit).offset(q.offset);
    const [{ n }] = await db.select({ n: count() }).from(agentCharges).where(where);
    const agents = await agentSummaries(db, rows.map((r) => r.agentId));
    return c.json({ data: rows.map((r) => toApiCharge(r, agents.get(r.agentId))), meta: meta(q, n) });
  });

  // ---- transactions (accounts) -----------------------------------------------------------------------
  const toApiTx = (t: typeof ledgerTransactions.$inferSelect, walletAmount: number, agent?: Charge['agent']) => ({
    id: t.id,
    agent_id: t.agentId,
    ...(agent ? { agent } : {}),
    type: t.type,
    reference: t.reference,
    description: t.description,
    direction: walletAmount >= 0 ? 'credit' : 'debit',
    amount: toMoney(Math.abs(walletAmount), t.currency),
    created_by: t.createdBy,
    created_at: t.createdAt.toISOString(),
  });

  r.get('/transactions', requirePermission('ledger.manage'), async (c) => {
    const q = pageQuery(c, {
      agent_id: idFilter(M.agent),
      type: v.optional(v.picklist([...LEDGER_TYPES, ''], 'Unknown transaction type.')),
    });
    const where = and(q.agent_id ? eq(ledgerTransactions.agentId, Number(q.agent_id)) : undefined, q.type ? eq(ledgerTransactions.type, q.type as (typeof LEDGER_TYPES)[number]) : undefined);
    const db = c.get('ctx').db;
    const rows = await db.select().from(ledgerTransactions).where(where).orderBy(desc(ledgerTransactions.id)).limit(q.limit).offset(q.offset);
    const [{ n }] = await db.select({ n: count() }).from(ledgerTransactions).where(where);
    const entries = rows.length
      ? await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.account, 'wallet'), inArray(ledgerEntries.transactionId, rows.map((r) => r.id))))
      : [];
    const amount = new Map(entries.map((e) => [e.transactionId, e.amountMinor]));
    const agents = await agentSummaries(db, rows.map((r) => r.agentId));
    return c.json({ data: rows.map((t) => toApiTx(t, amount.get(t.id) ?? 0, agents.get(t.agentId))), meta: meta(q, n) });
  });

  r.post('/transactions', requirePermission('ledger.manage'), async (c) => {
    const ctx = c.get('ctx');
    const staff = currentUser(c);
    const input = await body(c, TransactionInput);
    await requireAgentUser(ctx.db, input.agent_id);
    // A retried request with the same Idempotency-Key posts once.
    const key = c.req.header('idempotency-key')?.trim().slice(0, 100) || randomUUID();
    const posting = { agentId: input.agent_id, amountMinor: input.amount, type: 'adjustment' as const, reference: `adjustment:${key}`, description: input.description, createdBy: staff.id, at: ctx.now() };
    const res = input.direction === 'credit' ? await creditWallet(ctx.db, posting) : await debitWallet(ctx.db, posting);
    const [t] = await ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, res.transactionId));
    return c.json({ message: 'Transaction saved successfully', data: toApiTx(t, input.direction === 'credit' ? input.amount : -input.amount) }, res.duplicate ? 200 : 201);
  });

  const updateTx = async (c: Context<AppEnv>) => {
    const id = idParam(c, 'Transaction not found.');
    const input = await body(c, TransactionUpdateInput);
    const db = c.get('ctx').db;
    // Amounts never change once posted (a correction is a new transaction); only the wording may.
    const [t] = await db.update(ledgerTransactions).set({ description: input.description }).where(eq(ledgerTransactions.id, id)).returning();
    if (!t) throw notFound('Transaction not found.');
    const [e] = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.transactionId, id), eq(ledgerEntries.account, 'wallet')));
    return c.json({ message: 'Transaction updated successfully', data: toApiTx(t, e?.amountMinor ?? 0) });
  };
  r.put('/transactions', requirePermission('ledger.manage'), updateTx);
  r.put('/transactions/:id', requirePermission('ledger.manage'), updateTx);

  void parse; void iso;
  return r;
}
