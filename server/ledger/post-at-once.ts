/**
 * A wallet posting in one statement, for the usual case: the wallet exists and is kept in the posting's currency,
 * the (type, reference) is new and, for a debit, within the funds. The statement locks the wallet row, claims the
 * posting, writes its two entries and sets the balance, each part reading the one before; when a condition fails
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
const walletColumns = sql.join(Object.values(getTableColumns(wallets)).map((c) => sql`w.${col(c.name)}`), sql`, `);
const readWallet = tableRow(wallets);
const WALLET_WIDTH = Object.keys(getTableColumns(wallets)).length;

/*
 * Under READ COMMITTED the locked row is the latest committed version (a posting that waited for the lock sees the
 * balance the one before it left), and the balance is raised from the row being updated, which is that same row.
 */
const statement = renderedOnce('ledger_post_at_once', () => sql`
  with w as (select * from ${wallets} where ${col(wallets.agentId.name)} = ${P('agentId')}::int for update),
  claimed as (
    insert into ${t} (${col(t.agentId.name)}, ${col(t.type.name)}, ${col(t.reference.name)}, ${col(t.description.name)}, ${col(t.currency.name)}, ${col(t.createdBy.name)}, ${col(t.createdAt.name)})
    select w.${col(wallets.agentId.name)}, ${P('type')}::text, ${P('reference')}::text, ${P('description')}::text, w.${col(wallets.currency.name)}, ${P('createdBy')}::int, ${at} from w
    where w.${col(wallets.currency.name)} = ${P('currency')}::text and w.${col(wallets.balanceMinor.name)} + ${amount} >= -w.${col(wallets.creditLimitMinor.name)}
    on conflict (${col(t.type.name)}, ${col(t.reference.name)}) do nothing
    returning ${col(t.id.name)}
  ),
  entries as (
    insert into ${e} (${col(e.transactionId.name)}, ${col(e.account.name)}, ${col(e.agentId.name)}, ${col(e.amountMinor.name)}, ${col(e.currency.name)}, ${col(e.balanceAfterMinor.name)}, ${col(e.createdAt.name)})
    select claimed.${col(t.id.name)}, 'wallet', w.${col(wallets.agentId.name)}, ${amount}, w.${col(wallets.currency.name)}, w.${col(wallets.balanceMinor.name)} + ${amount}, ${at} from claimed, w
    union all
    select claimed.${col(t.id.name)}, ${P('counter')}::text, null, -${amount}, w.${col(wallets.currency.name)}, null, ${at} from claimed, w
  ),
  balance as (
    update ${wallets} set ${col(wallets.balanceMinor.name)} = ${wallets.balanceMinor} + ${amount}, ${col(wallets.updatedAt.name)} = ${at}
    from claimed where ${wallets.agentId} = ${P('agentId')}::int
  )
  select ${walletColumns}, claimed.${col(t.id.name)} from w left join claimed on true`,
(row) => ({ wallet: readWallet(row.slice(0, WALLET_WIDTH)), transactionId: row[WALLET_WIDTH] === null ? null : Number(row[WALLET_WIDTH]) }));

export interface AtOnce { agentId: number; signedMinor: number; type: LedgerType; reference: string; description: string; currency: string; counter: LedgerAccount; createdBy: number | null; at: string | null }

/** The posting written, with the wallet as it was before it; null when it was not (see above), having written nothing. */
export async function postAtOnce(tx: DbOrTx, p: AtOnce): Promise<{ wallet: WalletRow; transactionId: number } | null> {
  const [row] = await statement(tx, {
    agentId: p.agentId, amount: p.signedMinor, type: p.type, reference: p.reference, description: p.description, currency: p.currency,
    counter: p.counter, createdBy: p.createdBy, at: p.at,
  });
  return row && row.transactionId !== null ? { wallet: row.wallet, transactionId: row.transactionId } : null;
}
