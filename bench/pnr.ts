/**
 * Pasted GDS displays: how long the reader takes for every display of the corpus (tests/fixtures/pnr) and for a long
 * paste (a group of 99 with passports, tickets and remarks, some 240 lines), beside the goal of a long paste read
 * well under a second (≤ 100 ms at p95). Run: npm run bench (its last part) or node --import tsx bench/pnr.ts [--n 200].
 * Prints figures only; no test asserts them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDisplay } from '../server/pnr/display/read';
import { isAirport } from '../server/reference';

export const GOAL_LONG_P95_MS = 100;
const n = Number(process.argv[process.argv.indexOf('--n') + 1]) || 200;
const today = '2026-11-29';
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

const root = join(import.meta.dirname, '../tests/fixtures/pnr');
const corpus = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'not-a-pnr')
  .flatMap((d) => readdirSync(join(root, d.name)).filter((f) => f.endsWith('.txt')).map((f) => readFileSync(join(root, d.name, f), 'latin1')));

/** A group booking of 99 with both flights, its passports and tickets, and remarks: some 240 lines. */
function longDisplay(): string {
  const letters = (i: number) => String.fromCharCode(65 + (i % 26)) + String.fromCharCode(65 + Math.floor(i / 26));
  const lines = ['RP/KHIPK2100/KHIPK2100            AA/SU  29NOV26/0912Z   X7K2QM'];
  for (let i = 0; i < 99; i += 3) lines.push(`  ${[0, 1, 2].map((k) => `${i + k + 1}.KHAN/PILGRIM${letters(i + k)} MR`).join('   ')}`);
  lines.push('100  SV 705 Y 10FEB 2 KHIJED HK99  0330 0615  10FEB  E  SV/ABC123', '101  SV 706 Y 24FEB 2 JEDKHI HK99  2330 0615+1   E  SV/ABC123');
  for (let i = 0; i < 99; i++) lines.push(`${102 + i} SSR DOCS SV HK1 P/PAK/AB${1000000 + i}/PAK/12JAN85/M/15MAR30/KHAN/PILGRIM${letters(i)}/P${i + 1}`);
  for (let i = 0; i < 99; i++) lines.push(`${201 + i} FA PAX 065-${2400000000 + i}/ETSV/PKR185000/29NOV26/KHIPK2100/12345678/S100-101/P${i + 1}`);
  for (let i = 0; i < 10; i++) lines.push(`${300 + i} RM GROUP UMRAH NOVEMBER BATCH NOTE ${i}`);
  return lines.join('\n');
}

function time(text: string, runs: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    readDisplay(text, { today, isAirport });
    out.push(performance.now() - t);
  }
  return out;
}

for (const text of corpus) time(text, 5); // warm-up
const perDisplay = corpus.flatMap((text) => time(text, Math.max(1, Math.round(n / corpus.length))));
const long = longDisplay();
const r = readDisplay(long, { today, isAirport });
if ('refused' in r || r.passengers.length !== 99 || r.segments.length !== 2) throw new Error('the long display was not read whole');
const longTimes = time(long, n);
const f = (ms: number) => `${ms.toFixed(2)} ms`;
console.log(`PNR displays: ${corpus.length} corpus displays, p50 ${f(percentile(perDisplay, 50))}, p95 ${f(percentile(perDisplay, 95))}`);
console.log(`PNR long paste (${long.split('\n').length} lines, 99 passengers): p50 ${f(percentile(longTimes, 50))}, p95 ${f(percentile(longTimes, 95))} (goal p95 ≤ ${GOAL_LONG_P95_MS} ms)`);
