import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { SessionUser } from '../context';
import { bookings, deposits, hotelBookings, ledgerEntries, ledgerTransactions, users } from '../db/schema';
import { can } from '../../contract/permissions';
import { M } from '../../contract/fields';
import { toMoney } from '../../contract/money';
import { forbidden, notFound, validationError } from '../http/errors';
import { approvedAgent } from '../http/guards';
import { agentSummaries, idFrom } from '../agents/common';
import { agentStatement, walletBalance } from './service';
import { hotelNames, ledgerSubjects } from './subjects';
import type { ReaderLang } from '../http/lang';
import { agentSalesFigures } from '../dashboard/agent';
import { multiCityRoute, routeList } from '../bookings/route';

/**
 * Whose ledger a request reads: an approved agent its own (asking for another agent's is "not found", so ids
 * cannot be probed); staff with ledger rights (or deposit rights, for the wallet balance) any agent, by id.
 */
export async function ledgerSubject(db: DbOrTx, user: SessionUser, asked: string | undefined, perm: 'ledger.manage' | 'deposits.manage' = 'ledger.manage'): Promise<number> {
  if (can(user.role, perm) || can(user.role, 'ledger.manage') || can(user.role, 'ledger.read')) {
    if (!asked) throw validationError({ agent_id: [M.agent] });
    const id = idFrom(asked, 'Agent not found.');
    const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), eq(users.role, 'agent'))).limit(1);
    if (!u) throw notFound('Agent not found.');
    return id;
  }
  if (!approvedAgent(user)) throw forbidden();
  if (asked && idFrom(asked, 'Agent not found.') !== user.id) throw notFound('Agent not found.');
  return user.id;
}

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000);

/** An agent's statement between two calendar days (both included) as the API shows it. */
export async function statementOf(db: DbOrTx, agentId: number, range: { from?: string; to?: string }) {
  if (range.from && range.to && range.from > range.to) throw validationError({ to: ['The end date must be on or after the start date.'] });
  const st = await agentStatement(db, agentId, { from: range.from ? new Date(`${range.from}T00:00:00Z`) : undefined, to: range.to ? nextDay(range.to) : undefined });
  const agent = (await agentSummaries(db, [agentId])).get(agentId)!;
  const m = (n: number) => toMoney(n, st.currency);
  const subjects = await ledgerSubjects(db, st.rows.map((r) => r.reference));
  return {
    agent,
    from: range.from || null,
    to: range.to || null,
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
      subject: subjects.get(row.reference) ?? null,
      debit: m(row.debitMinor),
      credit: m(row.creditMinor),
      balance: m(row.balanceMinor),
    })),
  };
}

/**
 * The agent's home figures: its sales, markup, expiring holds and 30-day chart (server/dashboard/agent.ts), balance,
 * pending deposits, recent wallet activity, recent flight and hotel bookings, six months' spend (every wallet debit,
 * so hotel bookings paid from the wallet count too). Hotel names and cities in the reader's language.
 */
export async function agentDashboard(db: DbOrTx, agentId: number, now: Date, lang: ReaderLang = 'en') {
  const b = await walletBalance(db, agentId);
  const [pending] = await db
    .select({ total: sql<string>`coalesce(sum(${deposits.amountMinor}), 0)`, n: count() })
    .from(deposits)
    .where(and(eq(deposits.agentId, agentId), eq(deposits.status, 'pending')));
  const recent = await db
    .select({ e: ledgerEntries, t: ledgerTransactions })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.account, 'wallet'), eq(ledgerEntries.agentId, agentId)))
    .orderBy(desc(ledgerEntries.id))
    .limit(8);
  const recentBookings = await db
    .select({ id: bookings.id, pnr: bookings.pnr, origin: bookings.origin, destination: bookings.destination, multiCityRoute, departureDate: bookings.departureDate, status: bookings.status, totalMinor: bookings.totalMinor, currency: bookings.currency, createdAt: bookings.createdAt })
    .from(bookings)
    .where(eq(bookings.userId, agentId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(5);
  const recentHotels = await db
    .select({ id: hotelBookings.id, reference: hotelBookings.reference, hotel: hotelBookings.hotel, checkIn: hotelBookings.checkIn, checkOut: hotelBookings.checkOut, status: hotelBookings.status, totalMinor: hotelBookings.totalMinor, currency: hotelBookings.currency, createdAt: hotelBookings.createdAt })
    .from(hotelBookings)
    .where(and(eq(hotelBookings.userId, agentId), eq(hotelBookings.channel, 'agent')))
    .orderBy(desc(hotelBookings.createdAt), desc(hotelBookings.id))
    .limit(5);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5, 1));
  const month = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const spend = await db
    .select({ month, total: sql<string>`coalesce(sum(-${ledgerEntries.amountMinor}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'wallet'), eq(ledgerEntries.agentId, agentId), sql`${ledgerEntries.amountMinor} < 0`, gte(ledgerEntries.createdAt, since)))
    .groupBy(month);
  const byMonth = new Map(spend.map((s) => [s.month, Number(s.total)]));
  const months = Array.from({ length: 6 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5 + i, 1));
    const key = d.toISOString().slice(0, 7);
    return { month: key, spend: toMoney(byMonth.get(key) ?? 0, b.currency) };
  });
  const subjects = await ledgerSubjects(db, recent.map(({ t }) => t.reference));
  return {
    ...(await agentSalesFigures(db, agentId, now)),
    balance: toMoney(b.balanceMinor, b.currency),
    credit_limit: toMoney(b.creditLimitMinor, b.currency),
    available: toMoney(b.availableMinor, b.currency),
    pending_deposits: { count: pending.n, total: toMoney(Number(pending.total), b.currency) },
    recent_activity: recent.map(({ e, t }) => ({
      id: e.id,
      date: e.createdAt.toISOString(),
      type: t.type,
      reference: t.reference,
      description: t.description,
      subject: subjects.get(t.reference) ?? null,
      amount: toMoney(e.amountMinor, e.currency),
      balance: toMoney(e.balanceAfterMinor ?? 0, e.currency),
    })),
    spend_by_month: months,
    recent_bookings: recentBookings.map((bk) => ({
      id: bk.id,
      pnr: bk.pnr,
      origin: bk.origin,
      destination: bk.destination,
      multi_city_route: routeList(bk.multiCityRoute),
      departure_date: bk.departureDate,
      status: bk.status,
      total: toMoney(bk.totalMinor, bk.currency),
      created_at: bk.createdAt.toISOString(),
    })),
    recent_hotel_bookings: recentHotels.map((h) => {
      const names = hotelNames(h.hotel);
      const ar = lang === 'ar';
      return {
        id: h.id, reference: h.reference, hotel: (ar && names.hotel_ar) || names.hotel, city: (ar && names.city_ar) || names.city, check_in: h.checkIn, check_out: h.checkOut,
        status: h.status, total: toMoney(h.totalMinor, h.currency), created_at: h.createdAt.toISOString(),
      };
    }),
  };
}
