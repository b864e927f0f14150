import { describe, expect, it } from 'vitest';
import { cabinOf, ddmmm, parseItineraryDisplay } from '../../server/pnr/parse';
import { isAirport } from '../../server/reference';

const today = '2026-01-10';
const parse = (text: string) => parseItineraryDisplay(text, { today, isAirport });

describe('GDS itinerary display parser', () => {
  it('reads an Amadeus display: locator, adults, child with birth date, infant on a lap, a return trip', () => {
    const r = parse(`
RP/KHIPK2100/KHIPK2100            AA/SU  10JAN26/0912Z   X7K2QM
  1.KHAN/AHMED MR   2.KHAN/SARA MRS(INFKHAN/ALI/12JAN25)
  3.KHAN/ZARA MISS(CHD/05MAY18)
  4  PK 301 Y 15MAR 7 KHIDXB HK3  0930 1130  15MAR  E  PK/X7K2QM
  5  PK 302 Y 22MAR 7 DXBKHI HK3  2330 0315+1   E  PK/X7K2QM
  6 AP KHI 021-111-000-111
  7 TK OK10JAN/KHIPK2100
`);
    expect(r.errors).toEqual([]);
    expect(r.record_locator).toBe('X7K2QM');
    expect(r.passengers).toEqual([
      { type: 'ADT', title: 'Mr', first_name: 'AHMED', last_name: 'KHAN' },
      { type: 'ADT', title: 'Mrs', first_name: 'SARA', last_name: 'KHAN' },
      { type: 'CNN', title: 'Miss', first_name: 'ZARA', last_name: 'KHAN', dob: '2018-05-05' },
      { type: 'INF', title: 'Inf', first_name: 'ALI', last_name: 'KHAN', with_adult: 2, dob: '2025-01-12' },
    ]);
    expect(r.segments).toHaveLength(2);
    expect(r.segments[0]).toMatchObject({ airline: 'PK', flight_number: 'PK301', booking_class: 'Y', cabin: 'Y', date: '2026-03-15', origin: 'KHI', destination: 'DXB', status: 'HK', seats: 3, departure_time: '09:30', arrival_time: '11:30', arrival_day_offset: 0 });
    expect(r.segments[1]).toMatchObject({ flight_number: 'PK302', date: '2026-03-22', arrival_time: '03:15', arrival_day_offset: 1 });
    expect(r.warnings).toEqual([]);
  });

  it('reads the brief example line and a Sabre display (1.1 names, day letters, glued flight numbers, business class)', () => {
    const a = parse('1.KHAN/AHMED MR\n1 PK 301 Y 15MAR 1 KHIDXB HK1 0930 1130');
    expect(a.errors).toEqual([]);
    expect(a.segments[0]).toMatchObject({ flight_number: 'PK301', date: '2026-03-15' });
    const s = parse(`ABC123
 1.1MALIK/USMAN MR  2.1MALIK/HINA MS
 1 EK 601J 05FEB Q KHIDXB HK2  0445  0630  /DCEK*LKJH12 /E
 2 EK 2S 07FEB S DXB LHR HK2  0750  1150  /DCEK*LKJH12 /E
TOTAL PKR 412,500`);
    expect(s.errors).toEqual([]);
    expect(s.record_locator).toBe('ABC123');
    expect(s.passengers.map((p) => `${p.last_name}/${p.first_name} ${p.title}`)).toEqual(['MALIK/USMAN Mr', 'MALIK/HINA Ms']);
    expect(s.segments.map((x) => [x.flight_number, x.cabin, x.date, x.origin, x.destination])).toEqual([
      ['EK601', 'C', '2026-02-05', 'KHI', 'DXB'],
      ['EK2', 'Y', '2026-02-07', 'DXB', 'LHR'],
    ]);
    expect(s.total).toEqual({ currency: 'PKR', amount: '412500.00' });
  });

  it('a date already past this year is next year; a date with a year is kept; 31FEB is no date', () => {
    expect(ddmmm('05JAN', today)).toBe('2027-01-05');
    expect(ddmmm('10JAN', today)).toBe('2026-01-10');
    expect(ddmmm('05JAN27', today)).toBe('2027-01-05');
    expect(ddmmm('31FEB', today)).toBeNull();
    expect(ddmmm('29FEB', today)).toBe('2028-02-29');
    expect(cabinOf('F')).toBe('F');
    expect(cabinOf('W')).toBe('S');
    expect(cabinOf('M')).toBe('Y');
  });

  it('leaves out waitlisted and canceled segments with a warning, and warns when seats differ from passengers', () => {
    const r = parse(`1.RAZA/FARHAN MR 2.RAZA/AMNA MRS
1 PK 211 Y 20MAR 5 LHEJED HK1 0300 0620
2 PK 212 Y 28MAR 6 JEDLHE HL2 0800 1500
3 SV 700 Y 28MAR 6 JEDLHE UN2 0900 1600
4 ARNK`);
    expect(r.errors).toEqual([]);
    expect(r.segments.map((s) => s.flight_number)).toEqual(['PK211']);
    expect(r.warnings.map((w) => w.line)).toEqual([3, 4, 2]);
    expect(r.warnings[0].message).toContain('waitlisted');
    expect(r.warnings[2].message).toContain('1 seat(s) for 2');
  });

  it('reports malformed displays: no names, no segments, unknown airports, impossible dates and times', () => {
    expect(parse('').errors.map((e) => e.message)).toEqual([
      expect.stringContaining('No passenger names'), expect.stringContaining('No confirmed flight segments'),
    ]);
    const junk = parse('hello world\nthis is not a pnr');
    expect(junk.passengers).toEqual([]);
    expect(junk.errors).toHaveLength(2);
    const bad = parse(`1.KHAN/AHMED MR
1 PK 301 Y 31FEB 1 KHIDXB HK1 0930 1130
2 PK 303 Y 15MAR 1 QQQDXB HK1 0930 1130
3 PK 304 Y 16MAR 1 KHIDXB HK1 2599 1130
4 PK 305 Y 17MAR 1 KHIKHI HK1 0930 1130`);
    expect(bad.errors.map((e) => e.line)).toEqual([2, 3, 4, 5]);
    expect(bad.errors[0].message).toContain('31FEB');
    expect(bad.errors[1].message).toContain('QQQ');
    expect(bad.segments.map((s) => s.flight_number)).toEqual(['PK303']);
  });

  it('flags out-of-order segments, duplicate passenger numbers and a nameless infant', () => {
    const r = parse(`1.ALI/OMAR MR(INF/12JAN25)  1.ALI/OMAR MR
1 EK 601 Y 20MAR 1 KHIDXB HK1 0445 0630
2 EK 600 Y 10MAR 1 DXBKHI HK1 2200 0230+1`);
    expect(r.warnings.some((w) => w.message.includes('appears twice'))).toBe(true);
    expect(r.errors.map((e) => e.message)).toEqual([expect.stringContaining('has no name'), expect.stringContaining('departs before')]);
  });

  it('accepts lower case, tabs and Windows line ends as pasted from a terminal emulator', () => {
    const r = parse('rp/khipk2100/khipk2100  aa/su  10jan26/0912z  q2w3e4\r\n\t1.siddiqui/fatima ms\r\n\t2  qr 605 y 02apr 4 khidoh hk1  2000 2110\r\n');
    expect(r.errors).toEqual([]);
    expect(r.record_locator).toBe('Q2W3E4');
    expect(r.passengers[0]).toMatchObject({ first_name: 'FATIMA', last_name: 'SIDDIQUI', title: 'Ms' });
    expect(r.segments[0]).toMatchObject({ flight_number: 'QR605', origin: 'KHI', destination: 'DOH', date: '2026-04-02' });
  });
});
