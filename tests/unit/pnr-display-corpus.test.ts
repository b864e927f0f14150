import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDisplay } from '../../server/pnr/display/read';
import { isAirport } from '../../server/reference';

/**
 * Every display of the corpus (tests/fixtures/pnr, written from the GDS formats, one folder per system) read and
 * compared field by field with its expected reading.
 */
const ROOT = join(import.meta.dirname, '../fixtures/pnr');
const cases = readdirSync(ROOT, { withFileTypes: true }).filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(ROOT, d.name)).filter((f) => f.endsWith('.txt')).map((f) => `${d.name}/${f.slice(0, -4)}`));

describe('GDS display corpus', () => {
  it('has displays of every system and bad input', () => {
    for (const gds of ['amadeus', 'sabre', 'galileo', 'apollo', 'worldspan', 'not-a-pnr']) expect(cases.filter((c) => c.startsWith(`${gds}/`)).length).toBeGreaterThanOrEqual(5);
  });

  it.each(cases)('%s', (name) => {
    const text = readFileSync(join(ROOT, `${name}.txt`), 'latin1');
    const want = JSON.parse(readFileSync(join(ROOT, `${name}.json`), 'utf8'));
    const r = readDisplay(text, { today: want.today, isAirport });
    if (want.refused) { expect(r).toEqual({ refused: want.refused }); return; }
    if ('refused' in r) throw new Error(`refused as ${r.refused}`);
    expect(r.gds).toBe(want.gds);
    expect(r.record_locator).toBe(want.record_locator);
    expect(r.airline_locators).toEqual(want.airline_locators);
    expect(r.passengers.map(({ line: _line, ...p }) => p)).toEqual(want.passengers);
    expect(r.segments.map(({ airline_locator: _l, ...s }) => s)).toEqual(want.segments);
    expect(r.other_segments.map((s) => ({ line: s.line, kind: s.kind }))).toEqual(want.other_segments);
    expect(r.fare).toEqual(want.fare);
    expect(r.warnings.filter((w) => w.kind === 'unread').map((w) => w.line)).toEqual(want.unread_lines);
  });
});
