/**
 * A wallet posting in one statement, for the usual case: the wallet exists and is kept in the posting's currency,
 * the (type, reference) is new and, for a debit, within the funds. The statement moves the balance (locking the
 * row), claims the posting and writes its two entries, each part reading the one before; when a condition fails
 * none of them writes, and the caller goes step by step to give the answer (a duplicate, 409 or 422). A wallet
 * booking's savepoint, lock, claim, entries, balance and release were six round trips.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { renderedOnce, tableRow } from '../db/prepared';
import { ledgerEntries as e, ledgerTransactions as t, wallets } from '../db/schema';
import type { LedgerAccount, LedgerType } from '../db/schema';

type WalletRow = typeof wallets.$inferSelect;

const P = sql.placeholder;
const col = sql.identifier;
const at = sql`coalesce(${P('at')}::timestamptz, now())`;
const amount = sql`${P('amount')}::bigint`;
const walletColumns = Object.values(getTableColumns(wallets));
const walletColumnNames = sql.join(walletColumns.map((c) => col(c.name)), sql`, `);
const movedColumns = sql.join(walletColumns.map((c) => sql`moved.${col(c.name)}`), sql`, `);
const readWallet = tableRow(wallets);
const WALLET_WIDTH = walletColumns.length;

/*
 * The balance moves first, in an UPDATE whose condition holds the funds check: under READ COMMITTED a posting that
 * waited for the row is checked and moved on the row as the one before it left it (a lock taken in a WITH query
 * and an UPDATE beside it may read two versions of the row, and overdrew). The claim and the entries read the
 * moved row. A (type, reference) posted before this statement began stops the UPDATE; one committed while it waited
 * is caught by the claim, and the caller moves the balance back (see postAtOnce).
 */
const statement = renderedOnce('ledger_post_at_once', () => sql`
  with moved as (
    update ${wallets} set ${col(wallets.balanceMinor.name)} = ${wallets.balanceMinor} + ${amount}, ${col(wallets.updatedAt.name)} = ${at}
    where ${wallets.agentId} = ${P('agentId')}::int and ${wallets.currency} = ${P('currency')}::text
      and ${wallets.balanceMinor} + ${amount} >= -${wallets.creditLimitMinor}
      and not exists (select 1 from ${t} where ${t.type} = ${P('type')}::text and ${t.reference} = ${P('reference')}::text)
    returning ${walletColumnNames}
  ),
  claimed as (
    insert into ${t} (${col(t.agentId.name)}, ${col(t.type.name)}, ${col(t.reference.name)}, ${col(t.description.name)}, ${col(t.currency.name)}, ${col(t.createdBy.name)}, ${col(t.createdAt.name)})
    select moved.${col(wallets.agentId.name)}, ${P('type')}::text, ${P('reference')}::text, ${P('description')}::text, moved.${col(wallets.currency.name)}, ${P('createdBy')}::int, ${at} from moved
    on conflict (${col(t.type.name)}, ${col(t.reference.name)}) do nothing
    returning ${col(t.id.name)}
  ),
  entries as (
    insert into ${e} (${col(e.transactionId.name)}, ${col(e.account.name)}, ${col(e.agentId.name)}, ${col(e.amountMinor.name)}, ${col(e.currency.name)}, ${col(e.balanceAfterMinor.name)}, ${col(e.createdAt.name)})
    select claimed.${col(t.id.name)}, 'wallet', moved.${col(wallets.agentId.name)}, ${amount}, moved.${col(wallets.currency.name)}, moved.${col(wallets.balanceMinor.name)}, ${at} from claimed, moved
    union all
    select claimed.${col(t.id.name)}, ${P('counter')}::text, null, -${amount}, moved.${col(wallets.currency.name)}, null, ${at} from claimed, moved
  )
  select ${movedColumns}, claimed.${col(t.id.name)} from moved left join claimed on true`,
(row) => ({ wallet: readWallet(row.slice(0, WALLET_WIDTH)), transactionId: row[WALLET_WIDTH] === null ? null : Number(row[WALLET_WIDTH]) }));

/** Moves the balance back: the statement above moved it for a posting whose claim a twin committed first. */
const moveBack = renderedOnce('ledger_post_move_back', (h) => h.update(wallets).set({ balanceMinor: sql`${wallets.balanceMinor} - ${amount}` }).where(sql`${wallets.agentId} = ${P('agentId')}::int`), () => null);

export interface AtOnce { agentId: number; signedMinor: number; type: LedgerType; reference: string; description: string; currency: string; counter: LedgerAccount; createdBy: number | null; at: string | null }

/**
 * The posting written, with the wallet after it; null when it was not (see above), the balance as it was. Call it
 * in a transaction: a twin's claim is found after the balance moved, and moving it back needs the row's lock.
 */
export async function postAtOnce(tx: DbOrTx, p: AtOnce): Promise<{ wallet: WalletRow; transactionId: number } | null> {
  const [row] = await statement(tx, {
    agentId: p.agentId, amount: p.signedMinor, type: p.type, reference: p.reference, description: p.description, currency: p.currency,
    counter: p.counter, createdBy: p.createdBy, at: p.at,
  });
  if (!row) return null;
  if (row.transactionId === null) {
    await moveBack(tx, { agentId: p.agentId, amount: p.signedMinor });
    return null;
  }
  return { wallet: row.wallet, transactionId: row.transactionId };
}
