import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { packageBody, umrahDeparture } from '../support/packages';
import { packageBookings, packageDepartures } from '../../server/db/schema';

/** The last package places, raced on a real PostgreSQL server: separate connections, real row locks. */
const api = await setupApi();

describe('PostgreSQL package races', () => {
  it('20 parallel bookings for the last 3 places: exactly 3 succeed and the seats never go below zero', async () => {
    const { pkg, departure } = await umrahDeparture(await api.as('admin'), 3, 70);
    const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => api.as(i % 2 ? 'customer' : 'anonymous')));
    const results = await Promise.all(clients.map((c) => c.post('/api/package-bookings', packageBody(pkg.id, departure.id, 1))));
    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status !== 201);
    expect(won).toHaveLength(3);
    expect(lost.every((r) => r.status === 409 && r.body.message === 'There are not enough places left on this departure.'), JSON.stringify(lost.map((r) => r.body))).toBe(true);
    const [dep] = await api.db.select().from(packageDepartures).where(eq(packageDepartures.id, departure.id));
    expect(dep.seatsAvailable).toBe(0);
    expect(await api.db.select().from(packageBookings).where(eq(packageBookings.departureId, departure.id))).toHaveLength(3);
  });

  it('parallel bookings of two places each for 5 places: two win, nobody gets a lone last seat twice', async () => {
    const { pkg, departure } = await umrahDeparture(await api.as('admin'), 5, 71);
    const clients = await Promise.all(Array.from({ length: 10 }, () => api.as('anonymous')));
    const results = await Promise.all(clients.map((c) => c.post('/api/package-bookings', packageBody(pkg.id, departure.id, 2))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const [dep] = await api.db.select().from(packageDepartures).where(eq(packageDepartures.id, departure.id));
    expect(dep.seatsAvailable).toBe(1);
  });
});
