import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { flightSeats, supplierOrders, users } from '../../server/db/schema';

/**
 * The supplier console on PostgreSQL: twin requests with one Idempotency-Key (a double click, a retry) racing over
 * separate connections book one PNR; the twin's order is canceled and its seats go back.
 */
const api = await setupApi();
const [agent] = await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar'));
const day = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
const sold = async () => (await api.db.select().from(flightSeats)).reduce((s, r) => s + r.sold, 0);
const body = (n: number) => ({
  origin: 'LHE', destination: 'DXB', date: day(40 + n), cabin: 'Y', agent_id: agent.id, agency: '',
  passengers: [{ type: 'ADT', title: 'Mr', first_name: 'Racer', last_name: 'Test', dob: '1985-01-01', nationality: 'PK', passport: `RT${1000000 + n}` }],
});

describe('supplier console on PostgreSQL', () => {
  it('four twin requests with one Idempotency-Key: one PNR, its seats sold once', async () => {
    const clients = await Promise.all([0, 1, 2, 3].map(() => api.as('reservation')));
    for (let round = 0; round < 3; round++) {
      const before = await sold();
      const key = `race-${Date.now()}-${round}`;
      const answers = await Promise.all(clients.map((c) => c.post('/api/supplier-console/pnrs', body(round), { 'idempotency-key': key })));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.body.data.pnr)).size).toBe(1);
      const kept = (await api.db.select().from(supplierOrders)).filter((r) => r.order.office?.request_key === key);
      expect(kept).toHaveLength(1);
      const segments = kept[0].order.offer.journeys[0].segments.length;
      expect(await sold()).toBe(before + segments);
    }
  });
});
