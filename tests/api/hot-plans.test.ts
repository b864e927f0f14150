import { describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { bookings, flightSeats } from '../../server/db/schema';
import { keyOrDuplicateWhere } from '../../server/bookings/idempotency';

const api = await setupApi();

/**
 * The plan PostgreSQL (and PGlite) would keep for a statement prepared once and run many times: a generic one, with
 * sequential scans priced out, so a plan that cannot use an index still reads the table and says so.
 */
async function genericPlan(query: { sql: string; params: unknown[] }): Promise<string> {
  const args = query.params.map((_, i) => `'2027-01-0${(i % 9) + 1}'`).join(', ');
  return api.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare hot_plan_probe as ${query.sql}`));
    try {
      return JSON.stringify(await tx.execute(sql.raw(`explain execute hot_plan_probe${args ? `(${args})` : ''}`)));
    } finally {
      await tx.execute(sql`deallocate hot_plan_probe`);
    }
  });
}

/** Statements every hold or search sends reach their rows through an index, whatever the size of the table. */
describe('plans of the statements every hold and search sends', () => {
  it('the look-up by Idempotency-Key or live duplicate uses both unique indexes on a generic plan', async () => {
    // With the live statuses sent as parameters, the partial index on live bookings' dupKey could not be used.
    const plan = await genericPlan(api.db.select({ id: bookings.id }).from(bookings).where(keyOrDuplicateWhere).toSQL());
    expect(plan).toContain('bookings_live_dup_uq');
    expect(plan).toContain('bookings_idempotency_uq');
    expect(plan).not.toContain('Seq Scan');
  });

  it("a day's sold counts are read through the index on the date (the primary key starts with the flight)", async () => {
    const read = api.db.select({ flightNo: flightSeats.flightNo, sold: flightSeats.sold }).from(flightSeats)
      .where(inArray(flightSeats.date, ['2027-01-01', '2027-01-02'])).toSQL();
    const plan = await genericPlan(read);
    expect(plan).toContain('flight_seats_date_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});
