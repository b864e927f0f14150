import { describe, expect, it } from 'vitest';
import { readDisplay } from '../../server/pnr/display/read';
import type { DisplayReading } from '../../server/pnr/display/types';
import { isAirport } from '../../server/reference';

const today = '2026-01-10';
function read(text: string): DisplayReading {
  const r = readDisplay(text, { today, isAirport });
  if ('refused' in r) throw new Error(`refused as ${r.refused}`);
  return r;
}

describe('GDS display reader', () => {
  it('reads both halves of a return trip whatever the time format, and says which system printed it', () => {
    const r = read(`RP/KHIPK2100/KHIPK2100            AA/SU  10JAN26/0912Z   X7K2QM
  1.KHAN/AHMED MR   2.KHAN/SARA MRS
  3  PK 301 Y 15MAR 7 KHIDXB HK2   930A1130A 15MAR  E  PK/X7K2QM
  4  PK 302 Y 22MAR 7 DXBKHI HK2  1130P 315A 23MAR  E  PK/X7K2QM`);
    expect(r.gds).toBe('amadeus');
    expect(r.segments.map((s) => [s.flight_number, s.date, s.departure_time, s.arrival_time, s.arrival_day_offset])).toEqual([
      ['PK301', '2026-03-15', '09:30', '11:30', 0], ['PK302', '2026-03-22', '23:30', '03:15', 1],
    ]);
    expect(r.warnings).toEqual([]);
    expect(r.errors).toEqual([]);
  });

  it('keeps segments that hold no seat, says why on their line, and books only the confirmed ones', () => {
    const r = read(`1.RAZA/FARHAN MR 2.RAZA/AMNA MRS
1 PK 211 Y 20MAR 5 LHEJED HK2 0300 0620
2 PK 212 Y 28MAR 6 JEDLHE HL2 0800 1500
3 SV 700 Y 28MAR 6 JEDLHE UN2 0900 1600
4 SV 702 Y 28MAR 6 JEDLHE TK2 1000 1700
5 ARNK`);
    expect(r.segments.map((s) => [s.flight_number, s.confirmed, s.change])).toEqual([
      ['PK211', true, null], ['PK212', false, 'waitlisted'], ['SV700', false, 'canceled'], ['SV702', true, 'time_change'],
    ]);
    expect(r.other_segments).toEqual([{ line: 6, kind: 'arnk', text: '5 ARNK' }]);
    expect(r.warnings.map((w) => [w.line, w.kind])).toEqual([[3, 'status'], [4, 'status'], [5, 'status']]);
    expect(r.warnings[0].message).toContain('waitlisted');
  });

  it('reports what it cannot read line by line, and an unknown airport on its flight, without refusing the display', () => {
    const r = read(`1.KHAN/AHMED MR
2.KHANAHMED
3 PK 301 Y 31FEB 1 KHIDXB HK1 0930 1130
4 PK 303 Y 15MAR 1 QQQDXB HK1 0930 1130
5 PK 304 Y 16MAR 1 KHIDXB HK1 2599 1130
6 PK 305 Y 17MAR 1 KHIDXB HK1 0930 1130`);
    expect(r.warnings.filter((w) => w.kind === 'unread').map((w) => [w.line, w.looks_like, w.text])).toEqual([
      [2, 'name', '2.KHANAHMED'], [3, 'flight', '3 PK 301 Y 31FEB 1 KHIDXB HK1 0930 1130'], [5, 'flight', '5 PK 304 Y 16MAR 1 KHIDXB HK1 2599 1130'],
    ]);
    expect(r.warnings.find((w) => w.kind === 'airport')).toMatchObject({ line: 4, message: expect.stringContaining('QQQ') });
    expect(r.segments.map((s) => s.flight_number)).toEqual(['PK303', 'PK305']);
    expect(r.errors).toEqual([]);
  });

  it('never assumes a title; takes gender and birth date from the passport; flags order, duplicates and a nameless infant', () => {
    const r = read(`1.ALI/OMAR(INF/12JAN25)  1.ALI/OMAR MR  2.ALI/HINA
1 EK 601 Y 20MAR 1 KHIDXB HK2 0445 0630
2 EK 600 Y 10MAR 1 DXBKHI HK2 2200 0230+1
3 SSR DOCS EK HK1 P/PAK/AB1/PAK/01FEB90/F/01FEB30/ALI/HINA/P2`);
    expect(r.passengers.map((p) => [p.first_name, p.title, p.gender, p.dob])).toEqual([['OMAR', '', null, null], ['HINA', '', 'F', '1990-02-01']]);
    expect(r.warnings.map((w) => w.message)).toEqual([
      expect.stringContaining('Passenger 1 appears twice'), expect.stringContaining('infant of passenger 1 has no name'), expect.stringContaining('departs before'),
    ]);
  });

  it('reads lower case, tabs and Windows line ends as a terminal emulator copies them', () => {
    const r = read('rp/khipk2100/khipk2100  aa/su  10jan26/0912z  q2w3e4\r\n\t1.siddiqui/fatima ms\r\n\t2  qr 605 y 02apr 4 khidoh hk1  2000 2110\r\n');
    expect(r.record_locator).toBe('Q2W3E4');
    expect(r.passengers[0]).toMatchObject({ first_name: 'FATIMA', last_name: 'SIDDIQUI', title: 'MS', gender: 'F' });
    expect(r.segments[0]).toMatchObject({ flight_number: 'QR605', origin: 'KHI', destination: 'DOH', date: '2026-04-02' });
  });

  it('reads a long paste whole (a group of 99 and 120 remark lines)', () => {
    const names = Array.from({ length: 99 }, (_, i) => `${i + 1}.KHAN/PILGRIM${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))} MR`);
    const lines = [...names.map((n) => `  ${n}`), '100  SV 705 Y 10FEB 2 KHIJED HK99  0330 0615', ...Array.from({ length: 120 }, (_, i) => `${101 + i} RM NOTE ${i}`)];
    const r = read(lines.join('\n'));
    expect(r.passengers).toHaveLength(99);
    expect(r.segments).toHaveLength(1);
    expect(r.warnings).toEqual([]);
  });

  it('refuses what is no booking display, saying what it looks like', () => {
    const refused = (t: string) => (readDisplay(t, { today }) as { refused?: string }).refused;
    expect(refused('   \n  ')).toBe('empty');
    expect(refused('\u0001\u0002\u0003\u00fe\u0080\u0081 binary \u0000')).toBe('binary');
    expect(refused('hello world\nthis is not a pnr')).toBe('no_booking');
    expect(refused('** AMADEUS AVAILABILITY - AN ** DXB DUBAI.AE\n1  PK 213 J9 C9 D9 Y9 B9 KHIDXB 0930 1130')).toBe('availability');
  });
});
