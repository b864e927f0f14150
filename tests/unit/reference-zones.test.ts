import { describe, expect, it } from 'vitest';
import { airports } from '../../server/reference';
import { hotelCities } from '../../server/suppliers/hotel/cities';
import { buildNetwork } from '../../server/suppliers/flight/network';
import { itinerariesOn } from '../../server/suppliers/flight/connections';

/** Zones Intl refuses, among `zones`: each makes every local date worked out there throw. */
function unknownZones(zones: Iterable<string>): string[] {
  const bad = new Set<string>();
  for (const tz of new Set(zones)) {
    try { new Intl.DateTimeFormat('en', { timeZone: tz }); } catch { bad.add(tz); }
  }
  return [...bad];
}

describe('reference time zones', () => {
  it('every airport and every hotel city has a zone Intl knows', () => {
    expect(unknownZones(airports().map((a) => a.tz))).toEqual([]);
    expect(unknownZones(hotelCities().map((c) => c.tz))).toEqual([]);
  });

  it('KKM (Lop Buri), once spelled "Asia/ Bangkok", connects like any other airport', () => {
    const net = buildNetwork();
    const kkm = net.index.get('KKM');
    expect(kkm).toBeDefined();
    const away = net.out[kkm!].map((r) => net.routes[r].d);
    // Itineraries out of it are worked out in its zone: with an unknown zone this threw and failed the whole search.
    if (away.length) expect(() => itinerariesOn(net, kkm!, away[0], '2027-03-10', 0, 1)).not.toThrow();
  });
});
