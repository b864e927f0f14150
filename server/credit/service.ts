/**
 * Agents' credit lines: the limit lives on the wallet row every posting locks (server/ledger/service.ts), so a
 * change of limit and a debit are serial, and the database's check keeps the balance within −limit whatever runs.
 */
import { and, desc, eq } from 'drizzle-orm';
import { toMoney, DEFAULT_CURRENCY, type Money } from '../../contract/money';
import { CREDIT_M, type CreditAccount, type CreditLimitChange, type WalletFunds } from '../../contract/credit';
import type { SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { creditLimitChanges, users, wallets } from '../db/schema';
import { notFound, validationError } from '../http/errors';
import { trackCreditAlert, walletBalance, type WalletFundsMinor } from '../ledger/service';

/** The wire shape of a wallet's funds; credit in use is how far the balance is below zero. */
export function fundsOf(agentId: number, f: WalletFundsMinor): WalletFunds {
  const m = (n: number): Money => toMoney(n, f.currency);
  return { agent_id: agentId, balance: m(f.balanceMinor), credit_limit: m(f.creditLimitMinor), available: m(f.availableMinor), credit_used: m(Math.max(0, -f.balanceMinor)) };
}

async function assertAgent(db: DbOrTx, agentId: number): Promise<void> {
  const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, agentId), eq(users.role, 'agent'))).limit(1);
  if (!u) throw notFound('Agent not found.');
}

/** The agent's funds and every change of its limit, newest first. */
export async function creditAccount(db: DbOrTx, agentId: number): Promise<CreditAccount> {
  await assertAgent(db, agentId);
  const funds = await walletBalance(db, agentId);
  const rows = await db
    .select({ c: creditLimitChanges, byName: users.name })
    .from(creditLimitChanges)
    .leftJoin(users, eq(users.id, creditLimitChanges.changedBy))
    .where(eq(creditLimitChanges.agentId, agentId))
    .orderBy(desc(creditLimitChanges.id))
    .limit(200);
  const history: CreditLimitChange[] = rows.map(({ c, byName }) => ({
    id: c.id,
    previous_limit: toMoney(c.previousLimitMinor, c.currency),
    limit: toMoney(c.limitMinor, c.currency),
    changed_by: c.changedBy !== null && byName !== null ? { id: c.changedBy, name: byName } : null,
    created_at: c.createdAt.toISOString(),
  }));
  return { ...fundsOf(agentId, funds), history };
}

/**
 * Sets the agent's credit limit, recorded with who and when. Refused (422, with the figure) below the credit the
 * agent already uses: the wallet could not then be within its limit. Setting the same limit again records nothing.
 */
export async function setCreditLimit(db: DbOrTx, by: SessionUser, agentId: number, limitMinor: number, now: Date): Promise<CreditAccount> {
  await assertAgent(db, agentId);
  await db.transaction(async (tx) => {
    await tx.insert(wallets).values({ agentId, currency: DEFAULT_CURRENCY }).onConflictDoNothing();
    const [w] = await tx.select().from(wallets).where(eq(wallets.agentId, agentId)).for('update');
    const usedMinor = Math.max(0, -w.balanceMinor);
    if (limitMinor < usedMinor) {
      const used = toMoney(usedMinor, w.currency);
      throw validationError({ limit: [`${CREDIT_M.belowUsed} Credit used: ${used.currency} ${used.amount}.`] }, CREDIT_M.belowUsed);
    }
    if (limitMinor === w.creditLimitMinor) return;
    await tx.insert(creditLimitChanges).values({ agentId, previousLimitMinor: w.creditLimitMinor, limitMinor, currency: w.currency, changedBy: by.id, createdAt: now });
    await tx.update(wallets).set({ creditLimitMinor: limitMinor, updatedAt: now }).where(eq(wallets.agentId, agentId));
    await trackCreditAlert(tx, { ...w, creditLimitMinor: limitMinor });
  });
  return creditAccount(db, agentId);
}
