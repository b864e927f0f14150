import { describe, expect, it } from 'vitest';
import { defaultNetwork } from '../../server/suppliers/flight';
import { FlightNumbers } from '../../server/suppliers/flight/flight-numbers';
import type { Carrier } from '../../server/suppliers/flight/network-types';

const carrier = (idx: number, code: string): Carrier => ({ idx, code, name: code, country: 'PK', hubs: [], tier: 1, lcc: false, pref: 0.5 });
const carriers = [carrier(0, 'PK'), carrier(1, 'EK'), carrier(2, '9W')];

describe('flight numbers', () => {
  it('finds where every number of the network flies, and names each flight by its own number', () => {
    const net = defaultNetwork();
    const numberAt = (at: { route: number; service: number } | undefined) => {
      const s = at && net.routes[at.route]?.services[at.service];
      return s ? `${net.carriers[s.carrier].code}${s.flightNo}` : undefined;
    };
    const numbers = new Set<string>();
    const wrong: string[] = [];
    for (const r of net.routes) {
      for (const s of r.services) {
        const no = `${net.carriers[s.carrier].code}${s.flightNo}`;
        numbers.add(no);
        if (numberAt(net.flights.get(no)) !== no) wrong.push(no);
      }
    }
    for (const [no, at] of net.flights) if (numberAt(at) !== no) wrong.push(`listed ${no}`);
    expect(wrong).toEqual([]);
    expect(numbers.size).toBeGreaterThan(100_000);
    expect(net.flights.size).toBe(numbers.size);
  });

  it('keeps where a number was named last, as a map would', () => {
    const index = FlightNumbers.from(carriers, [
      { carrier: 1, flightNo: 601, route: 3, service: 0 },
      { carrier: 0, flightNo: 301, route: 1, service: 2 },
      { carrier: 1, flightNo: 601, route: 7, service: 4 },
    ]);
    expect(index.size).toBe(2);
    expect(index.get('EK601')).toEqual({ route: 7, service: 4 });
    expect(index.get('PK301')).toEqual({ route: 1, service: 2 });
    expect([...index]).toEqual([['PK301', { route: 1, service: 2 }], ['EK601', { route: 7, service: 4 }]]);
  });

  it('reads a carrier code with a digit and refuses what no flight is named', () => {
    const index = FlightNumbers.from(carriers, [{ carrier: 2, flightNo: 1200, route: 5, service: 1 }, { carrier: 1, flightNo: 65535, route: 2, service: 0 }]);
    expect(index.get('9W1200')).toEqual({ route: 5, service: 1 });
    expect(index.get('EK65535')).toEqual({ route: 2, service: 0 });
    for (const no of ['9W01200', '9W120', 'EK601', 'XX1200', 'ek65535', '9W', '9W1200x', '9W 1200', 'EK+65535', 'EK65535.0', '']) expect(index.get(no)).toBeUndefined();
  });

  it('refuses a number past what the saved network can store', () => {
    expect(() => FlightNumbers.from(carriers, [{ carrier: 0, flightNo: 65536, route: 0, service: 0 }])).toThrow(/does not fit/);
  });
});
