import { desc, eq, sql } from 'drizzle-orm';
import type { ExchangeRate, ExchangeRateChange } from '../../contract/exchange-rates';
import type { DbOrTx } from '../db/client';
import { exchangeRateChanges, exchangeRates, users } from '../db/schema';
import { DEVELOPMENT_RATES, invalidatePricing, rateMicrosOf, rateText } from '../pricing';

/** Exchange rates: staff set them, every change is kept with who and when, the pricing module reads them. */

const who = (id: number | null, name: string | null) => (id && name ? { id, name } : null);

export async function listRates(db: DbOrTx): Promise<ExchangeRate[]> {
  const rows = await db.select({ r: exchangeRates, name: users.name }).from(exchangeRates).leftJoin(users, eq(users.id, exchangeRates.updatedBy)).orderBy(exchangeRates.currency);
  return rows.map(({ r, name }) => ({ currency: r.currency, rate: rateText(r.rateMicros), updated_at: r.updatedAt.toISOString(), updated_by: who(r.updatedBy, name) }));
}

/** Sets a currency's rate (adding it when new) and records the change, in one transaction. */
export async function setRate(db: DbOrTx, currency: string, rate: string, by: number, now: Date): Promise<ExchangeRate> {
  const micros = rateMicrosOf(rate)!;
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(exchangeRates).where(eq(exchangeRates.currency, currency)).for('update');
    if (before?.rateMicros === micros) return;
    await tx.insert(exchangeRates).values({ currency, rateMicros: micros, updatedBy: by, updatedAt: now })
      .onConflictDoUpdate({ target: exchangeRates.currency, set: { rateMicros: micros, updatedBy: by, updatedAt: now } });
    await tx.insert(exchangeRateChanges).values({ currency, fromMicros: before?.rateMicros ?? null, toMicros: micros, changedBy: by, changedAt: now });
  });
  invalidatePricing(db);
  return (await listRates(db)).find((r) => r.currency === currency)!;
}

export async function listRateChanges(db: DbOrTx, q: { currency?: string; limit: number; offset: number }): Promise<{ rows: ExchangeRateChange[]; total: number }> {
  const where = q.currency ? eq(exchangeRateChanges.currency, q.currency) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db.select({ c: exchangeRateChanges, name: users.name }).from(exchangeRateChanges).leftJoin(users, eq(users.id, exchangeRateChanges.changedBy))
      .where(where).orderBy(desc(exchangeRateChanges.changedAt), desc(exchangeRateChanges.id)).limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(exchangeRateChanges).where(where),
  ]);
  return {
    total: n,
    rows: rows.map(({ c, name }) => ({
      id: c.id, currency: c.currency, from: c.fromMicros === null ? null : rateText(c.fromMicros), to: rateText(c.toMicros),
      changed_at: c.changedAt.toISOString(), changed_by: who(c.changedBy, name),
    })),
  };
}

/** A development database starts with rates near the market, for suppliers that quote in other currencies. */
export async function seedDevelopmentRates(db: DbOrTx, now: Date) {
  await db.insert(exchangeRates).values(Object.entries(DEVELOPMENT_RATES).map(([currency, rate]) => ({ currency, rateMicros: rateMicrosOf(rate)!, updatedAt: now }))).onConflictDoNothing();
}
