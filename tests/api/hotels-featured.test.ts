import { beforeEach, describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { expectRoleMatrix, identities } from '../support/agents';
import { stayQuery } from '../support/hotels';
import { featuredHotels } from '../../server/hotels/featured';

/** GET /featured-hotels: the home page's hotels in popular cities, each with the stay its link opens, kept per day. */
const api = await setupApi();
const as = identities(api);

beforeEach(() => { api.ctx.clock.now = new Date(); });

describe('featured hotels', () => {
  it('one well-rated 4-5 star hotel per popular city, priced for the default stay that its details page answers alike', async () => {
    const guest = await as('anonymous');
    const res = await guest.get('/api/featured-hotels');
    expect(res.status).toBe(200);
    const { data, meta } = res.body;
    expect(data.map((h: { destination: { name: string } }) => h.destination.name)).toEqual(['Makkah', 'Madinah', 'Dubai', 'Istanbul']);
    expect(meta.rooms).toEqual([{ adults: 2, children_ages: [] }]);
    expect(Date.parse(meta.check_out) - Date.parse(meta.check_in)).toBe(2 * 86_400_000);
    for (const h of data) {
      expect(h.stars).toBeGreaterThanOrEqual(4);
      expect(h.photo).toMatch(/^\/api\/hotel-images\//);
      expect(h.destination.id).toMatch(/^city:\d+$/);
    }
    // The link's stay: the same hotel is found for it, at the same price.
    const first = data[0];
    const detail = await guest.get(`/api/hotels/${first.id}`, stayQuery({ check_in: meta.check_in, check_out: meta.check_out, rooms: meta.rooms }));
    expect(detail.status).toBe(200);
    expect(detail.body.data.cheapest.total).toEqual(first.cheapest.total);
  });

  it('is worked out once a day, again on the next day and when the public margin changes', async () => {
    const a = await featuredHotels(api.ctx);
    expect(await featuredHotels(api.ctx)).toBe(a);
    expect((await (await as('accounts')).post('/api/save-hotel-margin', { type: 'markup', percent: 10 })).status).toBe(200);
    const marked = await featuredHotels(api.ctx);
    expect(marked).not.toBe(a);
    expect(Number(marked.data[0].cheapest.total.amount)).toBeGreaterThan(Number(a.data[0].cheapest.total.amount));
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 86_400_000);
    const tomorrow = await featuredHotels(api.ctx);
    expect(tomorrow.meta.check_in > marked.meta.check_in).toBe(true);
    await (await as('accounts')).post('/api/save-hotel-margin', { type: 'markup', percent: 0 });
  });

  it('is public: every identity gets it', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/featured-hotels'), {
      anonymous: 200, customer: 200, unapprovedAgent: 200, agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200,
    });
  });
});
