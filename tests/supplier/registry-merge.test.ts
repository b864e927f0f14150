import { describe, expect, it } from 'vitest';
import type { FlightSearchQuery } from '../../contract/flights';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { FlightSupplierRegistry } from '../../server/suppliers/flight/registry';
import { EmbeddedFlightSupplier, MemorySeatStore, PUBLIC, defaultNetwork, type FlightSupplier } from '../../server/suppliers/flight';
import { compactSearchResponse } from '../../contract/flight-wire';

const query: FlightSearchQuery = {
  flightType: 'one-way', legs: [{ origin: 'KHI', destination: 'DXB', date: '2026-07-15' }], adults: 1, children: 0, infants: 0, cabin_class: 'Y',
  stops: 'all', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false,
};

function fast(code: string, flight: string, price = 1): FlightSupplier {
  const s = new FakeFlightSupplier(new MemorySeatStore(), () => new Date('2026-07-01T00:00:00Z'), code);
  s.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date: '2026-07-15', flight_no: flight }], adultBase: Math.round(40_000_00 * price) });
  return s;
}

/** A supplier whose search takes `ms`, and says whether its call was aborted. */
function slow(code: string, ms: number, budget: number) {
  const inner = fast(code, 'EK600');
  const seen = { aborted: false, answered: false };
  const s = Object.assign(Object.create(inner), {
    code, searchBudgetMs: budget,
    search: (q: FlightSearchQuery, ctx: { signal?: AbortSignal }) => new Promise((resolve) => {
      ctx.signal?.addEventListener('abort', () => { seen.aborted = true; });
      setTimeout(() => { seen.answered = true; resolve(inner.search(q, ctx as never)); }, ms);
    }),
  }) as FlightSupplier;
  return { s, seen };
}

describe('searching every supplier at once', () => {
  it('merges the offers of every supplier, each carrying its supplier', async () => {
    const r = await new FlightSupplierRegistry([fast('embedded', 'PK301'), fast('duffel', 'EK600', 0.9)]).search(query, { pricing: PUBLIC });
    expect(r.flights.map((f) => f.supplier).sort()).toEqual(['duffel', 'embedded']);
    expect(r.left_out).toBeUndefined();
  });

  it('answers without a supplier past its time budget (its call aborted) or failing, and names both', async () => {
    const late = slow('duffel', 500, 50);
    const broken = Object.assign(Object.create(fast('gds', 'QR600')), { code: 'gds', search: async () => { throw new Error('503 from the GDS'); } }) as FlightSupplier;
    const errors: string[] = [];
    const r = await new FlightSupplierRegistry([fast('embedded', 'PK301'), late.s, broken], (code) => errors.push(code)).search(query, { pricing: PUBLIC });
    expect(late.seen.answered).toBe(false); // the answer did not wait for the slow supplier
    expect(r.flights.map((f) => f.supplier)).toEqual(['embedded']);
    expect(r.left_out).toEqual([{ supplier: 'duffel', reason: 'timeout' }, { supplier: 'gds', reason: 'error' }]);
    expect(errors).toEqual(['duffel', 'gds']);
    expect(late.seen.aborted).toBe(true);
  });

  it('searches only the suppliers that sell here, and still answers for the others’ offers', async () => {
    const embedded = fast('embedded', 'PK301');
    const reg = new FlightSupplierRegistry([embedded, fast('duffel', 'EK600', 0.9)], undefined, ['duffel']);
    expect((await reg.search(query, { pricing: PUBLIC })).flights.map((f) => f.supplier)).toEqual(['duffel']);
    expect(reg.get('embedded')).toBe(embedded);
  });

  it('waits for a slow supplier within its budget', async () => {
    const late = slow('duffel', 30, 1000);
    const r = await new FlightSupplierRegistry([fast('embedded', 'PK301'), late.s]).search(query, { pricing: PUBLIC });
    expect(r.flights).toHaveLength(2);
    expect(late.seen.aborted).toBe(false);
  });
});

describe('searching as GET /flights sends the answer', () => {
  const embedded = () => new EmbeddedFlightSupplier({ network: defaultNetwork(), clock: () => Date.parse('2026-07-01T00:00:00Z'), secret: 'merge' });
  const sameText = async (reg: FlightSupplierRegistry) => {
    const wire = await reg.searchWire(query, { pricing: PUBLIC });
    expect(JSON.stringify(wire)).toBe(JSON.stringify(compactSearchResponse(await reg.search(query, { pricing: PUBLIC }))));
    return wire;
  };

  it('sends the one supplier with offers as its rows say, beside suppliers that found none', async () => {
    const none = new FakeFlightSupplier(new MemorySeatStore(), () => new Date('2026-07-01T00:00:00Z'), 'duffel');
    const wire = await sameText(new FlightSupplierRegistry([embedded(), none]));
    expect(wire.flights.length).toBeGreaterThan(5);
    expect(new Set(wire.flights.map((f) => f.supplier))).toEqual(new Set(['safar']));
  });

  it('merges the rows a supplier wrote with another supplier’s offers, in one order', async () => {
    // The other supplier's fare undercuts every embedded one, so the merge has to sort it first.
    const wire = await sameText(new FlightSupplierRegistry([embedded(), fast('duffel', 'EK600', 0.01)]));
    expect(wire.flights[0].supplier).toBe('duffel');
    expect(wire.flights.slice(1).every((f) => f.supplier === 'safar')).toBe(true);
  });

  it('names a supplier left out, as search does', async () => {
    const broken = Object.assign(Object.create(fast('gds', 'QR600')), { code: 'gds', search: async () => { throw new Error('503 from the GDS'); } }) as FlightSupplier;
    const wire = await sameText(new FlightSupplierRegistry([embedded(), broken]));
    expect(wire.left_out).toEqual([{ supplier: 'gds', reason: 'error' }]);
  });
});
