import { describe, expect, it } from 'vitest';
import { EmbeddedHotelSupplier, MemoryRoomStore, cityProperties, cityById, hotelCities } from '../../server/suppliers/hotel';
import { PUBLIC, type PricingContext } from '../../server/pricing';
import type { HotelSearchQuery } from '../../contract/hotels';

const NOW = Date.parse('2026-06-01T10:00:00Z');
const ctx = { pricing: PUBLIC, now: NOW };
const query = (over: Partial<HotelSearchQuery> = {}): HotelSearchQuery => ({
  destination: 'city:109223', check_in: '2026-07-01', check_out: '2026-07-05', rooms: [{ adults: 2, children_ages: [] }],
  free_cancellation: false, sort: 'price', page: 1, per_page: 100, ...over,
});

describe('hotel engine', () => {
  it('is deterministic: two suppliers invent the same hotels and prices', async () => {
    const a = await new EmbeddedHotelSupplier(new MemoryRoomStore()).search(query(), ctx);
    const b = await new EmbeddedHotelSupplier(new MemoryRoomStore()).search(query(), ctx);
    expect(a).toEqual(b);
    expect(a.total).toBeGreaterThan(30);
  });

  it('keeps the few thousand cities with an airport or dense supply, every one with hotels', () => {
    expect(hotelCities().length).toBeGreaterThan(2000);
    expect(hotelCities().length).toBeLessThan(10_000);
    expect(cityProperties(cityById(2643743)!).length).toBeGreaterThanOrEqual(40); // London
    for (const c of hotelCities().slice(-50)) expect(cityProperties(c).length).toBeGreaterThanOrEqual(2);
  });

  it('offers only rooms that take the party: four adults in one room find quads and suites only', async () => {
    const s = new EmbeddedHotelSupplier(new MemoryRoomStore());
    const res = await s.search(query({ rooms: [{ adults: 4, children_ages: [] }] }), ctx);
    for (const h of res.hotels.slice(0, 5)) {
      const d = await s.detail(h.id, query({ rooms: [{ adults: 4, children_ages: [] }] }), ctx);
      expect(d!.rooms.every((r) => r.max_adults >= 4)).toBe(true);
    }
    const baby = await s.detail(res.hotels[0].id, query({ rooms: [{ adults: 2, children_ages: [1] }] }), ctx);
    expect(baby!.rooms.some((r) => r.type === 'double' || r.type === 'twin')).toBe(true); // a child under two takes no bed
  });

  it('sells the last rooms once: consumed room nights leave the rate unavailable', async () => {
    const store = new MemoryRoomStore();
    const s = new EmbeddedHotelSupplier(store);
    const q = query();
    const d = (await s.detail((await s.search(q, ctx)).hotels[0].id, q, ctx))!;
    const rate = d.rooms[0].rates[0];
    const priced = await s.price(rate.id, q, ctx);
    if (priced.status !== 'ok') throw new Error(priced.status);
    expect(Math.min(...priced.nights.map((n) => s.capacity(n)))).toBe(rate.rooms_left);
    for (const night of priced.nights) expect(await store.consume(0, [{ key: night, capacity: s.capacity(night) }], s.capacity(night))).toBe(true);
    expect(await store.consume(0, [{ key: priced.nights[0], capacity: s.capacity(priced.nights[0]) }], 1)).toBe(false);
    expect((await s.price(rate.id, q, ctx)).status).toBe('unavailable');
    const again = (await s.detail(d.id, q, ctx))!;
    expect(again.rooms.find((r) => r.code === d.rooms[0].code)).toBeUndefined();
  });

  it('every price is whole rupees whatever the margins: nights, taxes and fees, totals', async () => {
    const s = new EmbeddedHotelSupplier(new MemoryRoomStore());
    const pricing: PricingContext = { kind: 'public', hotelMargin: { type: 'markup', percent: 7.3 }, customerMargin: { margin_percent: 3.3, discount_percent: 1.1, other_charges: 0 } };
    const q = query({ rooms: [{ adults: 2, children_ages: [5] }, { adults: 1, children_ages: [] }] });
    const res = await s.search(q, { ...ctx, pricing });
    const amounts = res.hotels.flatMap((h) => [h.cheapest.total, h.cheapest.nightly]);
    for (const h of res.hotels.slice(0, 3)) {
      const d = (await s.detail(h.id, q, { ...ctx, pricing }))!;
      for (const r of d.rooms) for (const rate of r.rates) amounts.push(rate.total, rate.taxes_and_fees, ...rate.nightly.map((n) => n.price));
    }
    expect(amounts.length).toBeGreaterThan(20);
    expect(amounts.filter((m) => !m.amount.endsWith('.00'))).toEqual([]);
  });

  it('prices move with the season: Ramadan nights in Madinah cost more than the weeks after', async () => {
    const s = new EmbeddedHotelSupplier(new MemoryRoomStore());
    // Ramadan 1448 begins around 2027-02-08.
    const ramadan = await s.search(query({ check_in: '2027-02-20', check_out: '2027-02-22' }), ctx);
    const after = await s.search(query({ check_in: '2027-04-20', check_out: '2027-04-22' }), ctx);
    const byId = new Map(after.hotels.map((h) => [h.id, Number(h.cheapest.total.amount)]));
    const dearer = ramadan.hotels.filter((h) => Number(h.cheapest.total.amount) > (byId.get(h.id) ?? Infinity) * 1.4);
    expect(dearer.length).toBeGreaterThan(ramadan.hotels.length / 2);
  });

  it('applies the hotel and channel margins, never below zero, and rate ids expire after 30 minutes', async () => {
    const s = new EmbeddedHotelSupplier(new MemoryRoomStore());
    const markup: PricingContext = { kind: 'public', hotelMargin: { type: 'markup', percent: 20 } };
    const agent: PricingContext = { kind: 'agent', agentMargin: { markup_per_pax: 0, discount_per_pax: 10_000_000_00 } };
    const base = (await s.search(query({ sort: 'rating' }), ctx)).hotels[0];
    const up = (await s.search(query({ sort: 'rating' }), { ...ctx, pricing: markup })).hotels.find((h) => h.id === base.id)!;
    expect(Number(up.cheapest.total.amount)).toBeGreaterThan(Number(base.cheapest.total.amount) * 1.1);
    const free = (await s.search(query({ sort: 'rating' }), { ...ctx, pricing: agent })).hotels.find((h) => h.id === base.id)!;
    expect(Number(free.cheapest.total.amount)).toBeGreaterThan(0); // taxes remain, the price itself stops at zero
    const rate = (await s.detail(base.id, query(), ctx))!.rooms[0].rates[0];
    expect((await s.price(rate.id, query(), { ...ctx, now: NOW + 29 * 60_000 })).status).toBe('ok');
    expect((await s.price(rate.id, query(), { ...ctx, now: NOW + 31 * 60_000 })).status).toBe('expired');
  });

  it("search's cheapest is the least of the hotel's own rates it allows, whatever the margins, parties and rooms sold", async () => {
    const store = new MemoryRoomStore();
    const s = new EmbeddedHotelSupplier(store);
    const margins: PricingContext[] = [
      PUBLIC,
      { kind: 'public', hotelMargin: { type: 'discount', percent: 15 }, customerMargin: { margin_percent: 5, discount_percent: 12, other_charges: 0 } },
      { kind: 'public', hotelMargin: { type: 'markup', percent: 30 }, customerMargin: { margin_percent: 0, discount_percent: 40, other_charges: 0 } },
      { kind: 'agent', hotelMargin: { type: 'markup', percent: 10 }, agentMargin: { markup_per_pax: 500_00, discount_per_pax: 200_00 } },
    ];
    // Most of some hotels' double rooms sold through us on the first nights: their nets surge, the others' do not.
    const stay = { check_in: '2026-07-10', check_out: '2026-07-14' };
    const makkah = await s.search(query({ destination: 'city:104515', ...stay }), ctx);
    for (const h of makkah.hotels.slice(0, 12)) {
      for (const date of ['2026-07-10', '2026-07-11']) {
        const key = { hotel_id: h.id, room_code: 'DBL', date };
        const capacity = s.capacity(key);
        if (capacity > 1) await store.consume(104515, [{ key, capacity }], capacity - 1);
      }
    }
    const cases: Partial<HotelSearchQuery>[] = [
      { destination: 'city:104515', ...stay },
      { destination: 'city:104515', ...stay, rooms: [{ adults: 2, children_ages: [] }, { adults: 3, children_ages: [5] }], free_cancellation: true },
      { destination: 'city:104515', ...stay, rooms: [{ adults: 1, children_ages: [1] }], board: ['BB', 'HB'] },
      { destination: 'city:109223', check_in: '2026-12-20', check_out: '2027-01-09', rooms: [{ adults: 2, children_ages: [8, 12] }] },
    ];
    let compared = 0;
    for (const pricing of margins) {
      for (const c of cases) {
        const q = query(c);
        const found = await s.search(q, { ...ctx, pricing });
        expect(found.hotels.length).toBeGreaterThan(0);
        for (const h of found.hotels.slice(0, 25)) {
          const detail = (await s.detail(h.id, q, { ...ctx, pricing }))!;
          const allowed = detail.rooms.flatMap((r) => r.rates)
            .filter((r) => r.refundable === q.free_cancellation && (!q.board?.length || q.board.includes(r.board)));
          const least = Math.min(...allowed.map((r) => Number(r.total.amount)));
          expect(Number(h.cheapest.total.amount), `${h.id} ${JSON.stringify(c)} ${pricing.kind}`).toBe(least);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('filters and sorts: stars, distance from the Haram, rating, and pages without overlap', async () => {
    const s = new EmbeddedHotelSupplier(new MemoryRoomStore());
    const stars = await s.search(query({ stars: ['4', '5'] }), ctx);
    expect(stars.hotels.every((h) => h.stars >= 4)).toBe(true);
    const near = await s.search(query({ sort: 'distance', max_distance_km: 1 }), ctx);
    const d = near.hotels.map((h) => h.distance_haram_m!);
    expect(d).toEqual([...d].sort((x, y) => x - y));
    expect(d.every((m) => m <= 1000)).toBe(true);
    const p1 = await s.search(query({ per_page: 10, page: 1 }), ctx);
    const p2 = await s.search(query({ per_page: 10, page: 2 }), ctx);
    expect(p1.hotels.filter((h) => p2.hotels.some((x) => x.id === h.id))).toEqual([]);
    expect(p1.total).toBe(p2.total);
  });
});
