import { and, asc, desc, eq, gte, is, lt, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { renderedOnce, tableRow } from '../db/prepared';
import { creditAlerts, ledgerEntries, ledgerTransactions, wallets, type LedgerAccount, type LedgerType } from '../db/schema';
import { ApiError, conflict } from '../http/errors';
import { DEFAULT_CURRENCY, toMoney } from '../../contract/money';
import { creditAlertLevel, isDeeperAlert } from '../../contract/credit';
import { postAtOnce } from './post-at-once';

/**
 * The wallet ledger: double entry, every money movement posted in the transaction of the change it records. Call these with the transaction of the change they record (a deposit approval,
 * a ticketed booking, a charge) so both commit or neither. Every posting:
 *  - locks the agent's wallet row (SELECT ... FOR UPDATE), so postings for one agent run one at a time;
 *  - is idempotent by (type, reference): a retry returns the first posting instead of posting again;
 *  - writes a transaction and two entries that sum to zero (the wallet and a house account);
 *  - updates the cached balance; a debit that would take it below −(credit limit) fails with 422 "Insufficient
 *    Balance" (the limit is read from the locked row, so concurrent debits can never exceed balance + credit);
 *  - queues a low-credit alert when the posting takes the available funds under a threshold not yet alerted.
 */
export interface Posting {
  agentId: number;
  /** Positive minor units. */
  amountMinor: number;
  type: LedgerType;
  /** What is being paid for or refunded: "deposit:12", "booking:AB12CD", "charge:7". */
  reference: string;
  description: string;
  createdBy?: number | null;
  currency?: string;
  /** When the movement happened (the request's clock); the database's now() when omitted. */
  at?: Date;
}

export interface PostResult {
  transactionId: number;
  /** Wallet balance after the posting (or after the original posting, for a retry). */
  balanceMinor: number;
  /** True when (type, reference) had already been posted and nothing new was written. */
  duplicate: boolean;
  /** The wallet as this posting left it; absent for a duplicate. */
  funds?: WalletFundsMinor;
}

const fundsOf = (w: { balanceMinor: number; creditLimitMinor: number; currency: string }): WalletFundsMinor => ({
  balanceMinor: w.balanceMinor, creditLimitMinor: w.creditLimitMinor, availableMinor: w.balanceMinor + w.creditLimitMinor, currency: w.currency,
});

export const INSUFFICIENT_BALANCE = 'Insufficient Balance';

/**
 * The refusal of a debit the wallet cannot cover, with its figures (what was needed, what the wallet had
 * available with its credit line, and the difference), so a screen can say how much to add instead of a dead end.
 */
export function insufficientBalance(neededMinor: number, availableMinor: number, currency: string): ApiError {
  return new ApiError(422, INSUFFICIENT_BALANCE, { amount: [INSUFFICIENT_BALANCE] }, {
    wallet: { needed: toMoney(neededMinor, currency), available: toMoney(availableMinor, currency), shortfall: toMoney(Math.max(0, neededMinor - availableMinor), currency) },
  });
}

/** The house account on the other side of the wallet for each kind of movement. */
export function counterAccount(type: LedgerType): LedgerAccount {
  switch (type) {
    case 'deposit': return 'bank';
    case 'booking': case 'direct_booking': case 'umrah': case 'visa': return 'sales';
    case 'charge': case 'ok_to_board': case 're_issue': return 'fees';
    case 'refund': case 'void': return 'refunds';
    case 'adjustment': return 'adjustments';
  }
}

export const DEBIT_TYPES: readonly LedgerType[] = ['booking', 'direct_booking', 'charge', 'ok_to_board', 're_issue', 'umrah', 'visa'];
export const CREDIT_TYPES: readonly LedgerType[] = ['deposit', 'refund', 'void'];

/** Takes money from the agent's wallet. Throws ApiError 422 "Insufficient Balance" when it would overdraw. */
export function debitWallet(db: DbOrTx, p: Posting): Promise<PostResult> {
  return post(db, p, -1);
}

/** Puts money into the agent's wallet. */
export function creditWallet(db: DbOrTx, p: Posting): Promise<PostResult> {
  return post(db, p, 1);
}

async function post(db: DbOrTx, p: Posting, sign: 1 | -1): Promise<PostResult> {
  if (!Number.isSafeInteger(p.amountMinor) || p.amountMinor <= 0) throw new Error(`ledger: amount must be a positive integer, got ${p.amountMinor}`);
  if (!p.reference) throw new Error('ledger: a reference is required');
  const currency = p.currency ?? DEFAULT_CURRENCY;
  const at = p.at ? p.at.toISOString() : null;
  // Usually one statement (see postAtOnce); the alert check runs under the lock that statement took, so without
  // the caller's transaction both run in one of their own.
  const atOnce = async (tx: DbOrTx): Promise<PostResult | null> => {
    const done = await postAtOnce(tx, {
      agentId: p.agentId, signedMinor: sign * p.amountMinor, type: p.type, reference: p.reference, description: p.description, currency,
      counter: counterAccount(p.type), createdBy: p.createdBy ?? null, at,
    });
    if (!done) return null;
    const balance = done.wallet.balanceMinor;
    await trackCreditAlert(tx, done.wallet);
    return { transactionId: done.transactionId, balanceMinor: balance, duplicate: false, funds: fundsOf(done.wallet) };
  };
  if (!inTransaction(db)) return db.transaction(async (tx) => (await atOnce(tx)) ?? stepByStep(tx, p, sign, currency, at));
  // A savepoint for the step-by-step path, which claims the posting before it knows the answer: a refusal there
  // must not leave half a posting in the caller's transaction.
  return (await atOnce(db)) ?? db.transaction((tx) => stepByStep(tx, p, sign, currency, at));
}

/** Whether `h` is a transaction (a caller's, whose lock and rollback a posting shares), not the database. */
const inTransaction = (h: DbOrTx): boolean => is(h, PgTransaction);

/** A posting one statement at a time, under the wallet's lock: a new wallet, a duplicate, or a refusal. */
async function stepByStep(tx: DbOrTx, p: Posting, sign: 1 | -1, currency: string, at: string | null): Promise<PostResult> {
  const wallet = await lockWallet(tx, p.agentId, currency);
  if (wallet.currency !== currency) throw new ApiError(422, `This wallet is kept in ${wallet.currency}.`);

  // The posting's row is claimed first (type and reference are unique): a posting made before answers as a
  // duplicate whatever the balance is now, and a refused one leaves nothing, as the savepoint rolls back.
  const [t] = await claimPosting(tx, { agentId: p.agentId, type: p.type, reference: p.reference, description: p.description, currency, createdBy: p.createdBy ?? null, at });
  if (!t) {
    const [existing] = await tx
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.type, p.type), eq(ledgerTransactions.reference, p.reference)))
      .limit(1);
    const [entry] = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.transactionId, existing.id), eq(ledgerEntries.account, 'wallet')))
      .limit(1);
    if (existing.agentId !== p.agentId || entry?.amountMinor !== sign * p.amountMinor) {
      throw conflict(`${p.type} ${p.reference} has already been posted with other details.`);
    }
    return { transactionId: existing.id, balanceMinor: entry.balanceAfterMinor ?? wallet.balanceMinor, duplicate: true };
  }

  const balance = wallet.balanceMinor + sign * p.amountMinor;
  if (sign < 0 && balance < -wallet.creditLimitMinor) throw insufficientBalance(p.amountMinor, wallet.balanceMinor + wallet.creditLimitMinor, currency);
  await postEntries(tx, {
    transactionId: t.id, agentId: p.agentId, amount: sign * p.amountMinor, counter: counterAccount(p.type), currency, balance, at,
  });
  await setBalance(tx, { agentId: p.agentId, balance, at });
  await trackCreditAlert(tx, { ...wallet, balanceMinor: balance });
  return { transactionId: t.id, balanceMinor: balance, duplicate: false, funds: fundsOf({ ...wallet, balanceMinor: balance }) };
}

type WalletRow = typeof wallets.$inferSelect;

/*
 * A posting's statements, rendered once (every wallet booking posts one; drizzle building them cost more than
 * PGlite running them). `at`: the movement's time, the database's now() when null.
 */
const P = sql.placeholder;
const atOrNow = sql`coalesce(${P('at')}::timestamptz, now())`;
const lockedWallet = renderedOnce('ledger_lock_wallet', (h) => h.select().from(wallets).where(eq(wallets.agentId, P('agentId'))).for('update'), tableRow(wallets));
const claimPosting = renderedOnce('ledger_claim_posting', (h) => h.insert(ledgerTransactions)
  .values({ agentId: P('agentId'), type: P('type'), reference: P('reference'), description: P('description'), currency: P('currency'), createdBy: P('createdBy'), createdAt: atOrNow })
  .onConflictDoNothing({ target: [ledgerTransactions.type, ledgerTransactions.reference] })
  .returning({ id: ledgerTransactions.id }), ([id]) => ({ id: Number(id) }));
/** The wallet's entry (with the balance after it) and the house account's, which sum to zero. */
const postEntries = renderedOnce('ledger_post_entries', (h) => h.insert(ledgerEntries).values([
  { transactionId: P('transactionId'), account: 'wallet', agentId: P('agentId'), amountMinor: P('amount'), currency: P('currency'), balanceAfterMinor: P('balance'), createdAt: atOrNow },
  { transactionId: P('transactionId'), account: P('counter'), agentId: null, amountMinor: sql`-${P('amount')}::bigint`, currency: P('currency'), balanceAfterMinor: null, createdAt: atOrNow },
]), () => null);
const setBalance = renderedOnce('ledger_set_balance', (h) => h.update(wallets).set({ balanceMinor: sql`${P('balance')}::bigint`, updatedAt: atOrNow }).where(eq(wallets.agentId, P('agentId'))), () => null);

/** The agent's wallet row, locked until the caller's transaction ends; made first for an agent who has none. */
async function lockWallet(tx: DbOrTx, agentId: number, currency: string): Promise<WalletRow> {
  const locked = async () => (await lockedWallet(tx, { agentId }))[0];
  const wallet = await locked();
  if (wallet) return wallet;
  await tx.insert(wallets).values({ agentId, currency }).onConflictDoNothing();
  return locked();
}

/**
 * Keeps the wallet's alert level in step with its funds, under the caller's lock on the row: a fall under a
 * threshold not yet alerted for this dip queues one alert (server/credit/alerts.ts tells it); rising back above
 * a threshold re-arms it. Call after any change of the balance or of the limit.
 */
export async function trackCreditAlert(tx: DbOrTx, w: WalletRow): Promise<void> {
  const level = creditAlertLevel(w.balanceMinor, w.creditLimitMinor);
  if (level === w.creditAlertLevel) return;
  if (isDeeperAlert(level, w.creditAlertLevel)) {
    await tx.insert(creditAlerts).values({ agentId: w.agentId, level, availableMinor: w.balanceMinor + w.creditLimitMinor, limitMinor: w.creditLimitMinor, currency: w.currency });
  }
  await tx.update(wallets).set({ creditAlertLevel: level }).where(eq(wallets.agentId, w.agentId));
}

export interface WalletFundsMinor {
  balanceMinor: number;
  creditLimitMinor: number;
  /** balance + credit limit: what a debit may take. */
  availableMinor: number;
  currency: string;
}

/** The agent's wallet in minor units (the cached sum of its ledger entries; 0 before any posting) and its credit line. */
export async function walletBalance(db: DbOrTx, agentId: number): Promise<WalletFundsMinor> {
  const [w] = await db.select().from(wallets).where(eq(wallets.agentId, agentId)).limit(1);
  const balanceMinor = w?.balanceMinor ?? 0;
  const creditLimitMinor = w?.creditLimitMinor ?? 0;
  return { balanceMinor, creditLimitMinor, availableMinor: balanceMinor + creditLimitMinor, currency: w?.currency ?? DEFAULT_CURRENCY };
}

/**
 * Refuses up front, with the debit's own answer, a debit the wallet and its credit cannot cover now, so that
 * nothing is held or written for it. Only a hint: the funds may fall meanwhile, and the debit itself (under the
 * wallet lock) decides.
 */
export async function assertAffordable(db: DbOrTx, agentId: number, amountMinor: number): Promise<void> {
  const { availableMinor } = await walletBalance(db, agentId);
  if (availableMinor < amountMinor) throw new ApiError(422, INSUFFICIENT_BALANCE, { amount: [INSUFFICIENT_BALANCE] });
}

/** The balance recomputed from the entries themselves (for checks and tests; the cache must always agree). */
export async function walletBalanceFromEntries(db: DbOrTx, agentId: number): Promise<number> {
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'wallet'), eq(ledgerEntries.agentId, agentId)));
  return Number(row.s);
}

export interface StatementRow {
  id: number;
  transactionId: number;
  date: Date;
  type: LedgerType;
  reference: string;
  description: string;
  debitMinor: number;
  creditMinor: number;
  balanceMinor: number;
}

export interface Statement {
  currency: string;
  openingMinor: number;
  closingMinor: number;
  totalDebitMinor: number;
  totalCreditMinor: number;
  rows: StatementRow[];
}

/**
 * The agent statement between two instants [from, to): opening balance, wallet entries in posting order with the
 * running balance they were posted with, closing balance.
 */
export async function agentStatement(db: DbOrTx, agentId: number, range: { from?: Date; to?: Date }): Promise<Statement> {
  const walletOf = and(eq(ledgerEntries.account, 'wallet'), eq(ledgerEntries.agentId, agentId));
  let openingMinor = 0;
  if (range.from) {
    const [before] = await db
      .select({ b: ledgerEntries.balanceAfterMinor })
      .from(ledgerEntries)
      .where(and(walletOf, lt(ledgerEntries.createdAt, range.from)))
      .orderBy(desc(ledgerEntries.id))
      .limit(1);
    openingMinor = before?.b ?? 0;
  }
  const conds = [walletOf];
  if (range.from) conds.push(gte(ledgerEntries.createdAt, range.from));
  if (range.to) conds.push(lt(ledgerEntries.createdAt, range.to));
  const rows = await db
    .select({ e: ledgerEntries, t: ledgerTransactions })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(...conds))
    .orderBy(asc(ledgerEntries.id));
  const out: StatementRow[] = rows.map(({ e, t }) => ({
    id: e.id,
    transactionId: t.id,
    date: e.createdAt,
    type: t.type,
    reference: t.reference,
    description: t.description,
    debitMinor: e.amountMinor < 0 ? -e.amountMinor : 0,
    creditMinor: e.amountMinor > 0 ? e.amountMinor : 0,
    balanceMinor: e.balanceAfterMinor ?? 0,
  }));
  const { currency } = await walletBalance(db, agentId);
  return {
    currency,
    openingMinor,
    closingMinor: out.length ? out[out.length - 1].balanceMinor : openingMinor,
    totalDebitMinor: out.reduce((s, r) => s + r.debitMinor, 0),
    totalCreditMinor: out.reduce((s, r) => s + r.creditMinor, 0),
    rows: out,
  };
}

/** Sum of every entry in the ledger: always zero (each transaction balances). */
export async function ledgerTotal(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ s: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` }).from(ledgerEntries);
  return Number(row.s);
}
