import { asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { banks, deposits } from '../db/schema';
import type { Bank, BankInput } from '../../contract/deposits';
import { conflict, notFound } from '../http/errors';
import { assertImage, fileUrl } from '../uploads/service';

/** Banks agents deposit into. Staff maintain them; agents see the active ones only. */

type BankRow = typeof banks.$inferSelect;

export const toApiBank = (b: BankRow): Bank => ({
  id: b.id,
  name: b.name,
  account_title: b.accountTitle,
  account_number: b.accountNumber,
  iban: b.iban,
  branch: b.branch,
  logo_file: b.logoFile,
  logo_url: b.logoFile ? fileUrl(b.logoFile) : null,
  is_active: b.isActive,
});

/** The row's values; a logo is checked to be an uploaded image, and a save that leaves it out keeps the stored one. */
const values = async (db: DbOrTx, i: BankInput) => ({
  ...(i.logo_file === undefined ? {} : { logoFile: i.logo_file === null ? null : await assertImage(db, i.logo_file, 'logo_file') }),
  name: i.name,
  accountTitle: i.account_title,
  accountNumber: i.account_number,
  iban: i.iban || null,
  branch: i.branch || null,
  isActive: i.is_active,
});

export async function listBanks(db: DbOrTx, q: { limit: number; offset: number; activeOnly: boolean }) {
  const where = q.activeOnly ? eq(banks.isActive, true) : undefined;
  const rows = await db.select().from(banks).where(where).orderBy(asc(banks.name), asc(banks.id)).limit(q.limit).offset(q.offset);
  const [{ n }] = await db.select({ n: count() }).from(banks).where(where);
  return { rows: rows.map(toApiBank), total: n };
}

export async function getBank(db: DbOrTx, id: number): Promise<Bank> {
  const [b] = await db.select().from(banks).where(eq(banks.id, id)).limit(1);
  if (!b) throw notFound('Bank not found.');
  return toApiBank(b);
}

export async function createBank(db: DbOrTx, input: BankInput): Promise<Bank> {
  const [b] = await db.insert(banks).values(await values(db, input)).returning();
  return toApiBank(b);
}

export async function updateBank(db: DbOrTx, id: number, input: BankInput, at: Date): Promise<Bank> {
  const [b] = await db.update(banks).set({ ...(await values(db, input)), updatedAt: at }).where(eq(banks.id, id)).returning();
  if (!b) throw notFound('Bank not found.');
  return toApiBank(b);
}

/** A bank that deposits name stays (deactivate it instead): the ledger's descriptions refer to it. */
export async function deleteBank(db: DbOrTx, id: number): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(deposits).where(eq(deposits.bankId, id));
  if (n > 0) throw conflict('This bank has deposits; deactivate it instead of deleting it.');
  const gone = await db.delete(banks).where(eq(banks.id, id)).returning({ id: banks.id });
  if (!gone.length) throw notFound('Bank not found.');
}
