import { describe, expect, it } from 'vitest';
import { defaultNetwork, EmbeddedFlightSupplier, PUBLIC } from '../../server/suppliers/flight';
import { flightsOn, serviceOf } from '../../server/suppliers/flight/schedule';
import { fromAbsolute } from '@internationalized/date';
import { isoLocal, localToUtc, utcToLocal, addDays, dayMs, dayOffset, offsetMs } from '../../server/suppliers/flight/time';
import type { FlightSearchQuery } from '../../contract/flights';

const net = defaultNetwork();
const idx = (c: string) => net.index.get(c)!;
const route = (o: string, d: string) => net.routeOf(idx(o), idx(d))!;
const localClock = (iso: string) => iso.slice(11, 16);
const oneWay = (origin: string, destination: string, date: string): FlightSearchQuery => ({
  flightType: 'one-way', legs: [{ origin, destination, date }], adults: 1, children: 0, infants: 0, cabin_class: 'Y',
  stops: 'all', airlines: [], time_of_day: [], sort: 'departure', flexible_plus_minus_3: false,
});

describe('local time helpers (IANA zones through Intl)', () => {
  it('formats offsets including odd ones', () => {
    const t = Date.UTC(2026, 0, 15, 12, 0);
    expect(isoLocal(t, 'Asia/Karachi')).toBe('2026-01-15T17:00:00+05:00');
    expect(isoLocal(t, 'Asia/Kathmandu')).toBe('2026-01-15T17:45:00+05:45');
    expect(isoLocal(t, 'America/St_Johns')).toBe('2026-01-15T08:30:00-03:30');
    expect(isoLocal(t, 'Pacific/Chatham')).toBe('2026-01-16T01:45:00+13:45');
  });

  it('resolves wall-clock times on DST change days', () => {
    // London springs forward at 01:00 UTC on 29 March 2026: 00:30 is GMT, 03:00 is BST.
    expect(localToUtc('2026-03-29', 30, 'Europe/London')).toBe(Date.UTC(2026, 2, 29, 0, 30));
    expect(localToUtc('2026-03-29', 180, 'Europe/London')).toBe(Date.UTC(2026, 2, 29, 2, 0));
    // 01:30 does not exist that day; it moves forward to 02:30 BST.
    expect(localToUtc('2026-03-29', 90, 'Europe/London')).toBe(Date.UTC(2026, 2, 29, 1, 30));
    // New York falls back on 1 November 2026.
    expect(isoLocal(localToUtc('2026-10-31', 600, 'America/New_York'), 'America/New_York')).toBe('2026-10-31T10:00:00-04:00');
    expect(isoLocal(localToUtc('2026-11-02', 600, 'America/New_York'), 'America/New_York')).toBe('2026-11-02T10:00:00-05:00');
    expect(utcToLocal(Date.UTC(2026, 2, 29, 1, 0), 'Europe/London')).toMatchObject({ day: '2026-03-29', minutes: 120, offset: 3_600_000 });
  });
});

describe('memoised offsets', () => {
  // Zones with half-hour and 45-minute offsets, half-hour clock changes (Lord Howe), both hemispheres, and none.
  const ZONES = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Santiago', 'Asia/Kathmandu', 'Asia/Karachi'];

  it('are what Intl says, every two hours for two years (past the table a zone keeps) and every 15 minutes around changes', () => {
    const from = Date.UTC(2026, 10, 1);
    for (const tz of ZONES) {
      const wrong: string[] = [];
      for (let t = from; t < from + 2 * 366 * 86_400_000; t += 7_200_000) {
        const expected = fromAbsolute(t, tz).offset;
        if (offsetMs(tz, t) !== expected) wrong.push(new Date(t).toISOString());
        // Around a change, every quarter of an hour of the day on either side.
        if (fromAbsolute(t + 7_200_000, tz).offset !== expected) {
          for (let q = t - 86_400_000; q < t + 86_400_000; q += 900_000) if (offsetMs(tz, q) !== fromAbsolute(q, tz).offset) wrong.push(new Date(q).toISOString());
        }
      }
      expect(wrong, tz).toEqual([]);
    }
  });

  it('give a whole day one offset only when localToUtc agrees at every time of it', () => {
    for (const tz of ZONES) {
      let changeDays = 0;
      for (let day = '2026-11-01'; day < '2027-11-01'; day = addDays(day, 1)) {
        const off = dayOffset(day, tz);
        if (Number.isNaN(off)) { changeDays++; continue; }
        for (let m = 0; m < 1440; m += 30) expect(localToUtc(day, m, tz), `${tz} ${day} ${m}`).toBe(dayMs(day) + m * 60_000 - off);
      }
      // A zone with two clock changes a year has the days near each go the slow way; one without has none.
      if (tz === 'Asia/Kathmandu' || tz === 'Asia/Karachi') expect(changeDays, tz).toBe(0);
      else {
        expect(changeDays, tz).toBeGreaterThanOrEqual(2);
        expect(changeDays, tz).toBeLessThanOrEqual(6);
      }
    }
  });
});

describe('schedules', () => {
  it('keeps published local departure times across a DST change, so UTC moves by the hour', () => {
    const r = route('LHR', 'JFK');
    const before = flightsOn(net, r.idx, '2026-03-27'); // Friday, GMT
    const after = flightsOn(net, r.idx, '2026-04-03'); // Friday, BST
    expect(before.length).toBeGreaterThan(0);
    for (const f of before) {
      const g = after.find((x) => x.service === f.service)!;
      expect(localClock(isoLocal(g.dep, 'Europe/London'))).toBe(localClock(isoLocal(f.dep, 'Europe/London')));
      expect(isoLocal(f.dep, 'Europe/London')).toMatch(/\+00:00$/);
      expect(isoLocal(g.dep, 'Europe/London')).toMatch(/\+01:00$/);
      expect((g.dep - f.dep) / 3_600_000).toBe(7 * 24 - 1);
      // Block time is the same; the arrival is in New York time (already on summer time on both days).
      expect(g.arr - g.dep).toBe(f.arr - f.dep);
      expect(isoLocal(f.arr, 'America/New_York')).toMatch(/-04:00$/);
    }
  });

  it('shows date-line crossings in local time (arrive "before" leaving eastbound, two days later westbound)', async () => {
    const supplier = new EmbeddedFlightSupplier({ network: net, clock: () => Date.UTC(2026, 5, 1) });
    const east = await supplier.search({ ...oneWay('SYD', 'LAX', '2026-07-15'), stops: '0' }, { pricing: PUBLIC });
    expect(east.offers.length).toBeGreaterThan(0);
    for (const o of east.offers) {
      const s = o.journeys[0].segments[0];
      expect(s.departure_at).toMatch(/^2026-07-15T.*\+10:00$/);
      expect(s.arriving_at).toMatch(/-07:00$/);
      expect(Date.parse(s.arriving_at) - Date.parse(s.departure_at)).toBe(s.duration_minutes * 60_000);
      expect(s.arriving_at.slice(0, 16) < s.departure_at.slice(0, 16)).toBe(true);
    }
    const west = await supplier.search({ ...oneWay('LAX', 'SYD', '2026-07-15'), stops: '0' }, { pricing: PUBLIC });
    expect(west.offers.length).toBeGreaterThan(0);
    for (const o of west.offers) expect(o.journeys[0].arriving_at.slice(0, 10) >= '2026-07-16').toBe(true);
    expect(west.offers.some((o) => o.journeys[0].arriving_at.startsWith('2026-07-17'))).toBe(true);
  });

  it('generates any day up to 330 days ahead, the same way every time', () => {
    const r = route('KHI', 'DXB');
    const far = addDays('2026-06-01', 330);
    const a = flightsOn(net, r.idx, far);
    expect(a.length).toBeGreaterThan(0);
    expect(a.map((f) => f.dep)).toEqual(flightsOn(net, r.idx, far).map((f) => f.dep));
    for (const f of a) expect(utcToLocal(f.dep, 'Asia/Karachi').day).toBe(far);
  });

  it('flies thin routes on some weekdays only', () => {
    const thin = net.routes.find((r) => r.services.length > 0 && r.services.every((s) => s.days !== 127))!;
    expect(thin).toBeDefined();
    const week = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07'];
    const operating = week.filter((d) => flightsOn(net, thin.idx, d).length > 0);
    expect(operating.length).toBeGreaterThan(0);
    expect(operating.length).toBeLessThan(7);
    for (const d of operating) for (const f of flightsOn(net, thin.idx, d)) expect(serviceOf(net, f).days & (1 << week.indexOf(d))).not.toBe(0);
  });

  it('finds nothing beyond the schedule horizon', async () => {
    const supplier = new EmbeddedFlightSupplier({ network: net, clock: () => Date.UTC(2026, 5, 1) });
    expect((await supplier.search(oneWay('KHI', 'DXB', addDays('2026-06-01', 330)), { pricing: PUBLIC })).offers.length).toBeGreaterThan(0);
    expect((await supplier.search(oneWay('KHI', 'DXB', addDays('2026-06-01', 340)), { pricing: PUBLIC })).offers.length).toBe(0);
  });
});
