/**
 * `npm run machines:coverage [-- test files…] [-- --check]`: runs the machine tests (tests/machines by default)
 * with MACHINE_COVERAGE_DIR set, so every live actor of tests/support/model.ts records the states and
 * transitions it reaches; then, for every machine of the explorer's catalogue, prints states and transitions
 * reached against the chart's total, and writes .tmp/machine-coverage.json (or MACHINE_COVERAGE_FILE), which the
 * server reads at every GET /api/machine-coverage for the explorer's overlay: no rebuild or restart needed.
 * Machines come from the catalogue, so a new catalogue entry is counted at once.
 * `--check` exits 1 when a machine is below 100% (the tests' own failures always do).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { MACHINES } from '../src/features/flows/catalogue';
import { statesOf, toGraph } from '../src/features/flows/graph';
import type { RecordedCoverage } from '../tests/support/machine-coverage';
import type { MachineCoverageFile } from '../contract/machine-coverage';
import { machineCoverageFile } from '../server/machine-coverage/file';

const DIR = '.tmp/machine-coverage';
const OUT = machineCoverageFile(process.env.MACHINE_COVERAGE_FILE?.trim() || undefined);
const args = process.argv.slice(2);
const check = args.includes('--check');
const files = args.filter((a) => !a.startsWith('--'));

rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });
const run = spawnSync('npx', ['vitest', 'run', '--project', 'unit', ...(files.length ? files : ['tests/machines'])], {
  stdio: 'inherit',
  env: { ...process.env, MACHINE_COVERAGE_DIR: DIR },
});

// Merge every test file's record by machine id.
const merged = new Map<string, { states: Set<string>; transitions: Set<string> }>();
for (const name of readdirSync(DIR)) {
  const r = JSON.parse(readFileSync(join(DIR, name), 'utf8')) as RecordedCoverage;
  const m = merged.get(r.machine) ?? { states: new Set(), transitions: new Set() };
  r.states.forEach((s) => m.states.add(s));
  r.transitions.forEach((t) => m.transitions.add(t));
  merged.set(r.machine, m);
}

const out: MachineCoverageFile = { generatedAt: new Date().toISOString(), machines: {} };
const rows: string[][] = [];
let short = false;
for (const entry of MACHINES) {
  const g = toGraph(await entry.load());
  const got = merged.get(g.root) ?? { states: new Set<string>(), transitions: new Set<string>() };
  merged.delete(g.root);
  const states = statesOf(g).map((n) => n.id);
  const keys = [...new Set(g.edges.map((e) => e.key))];
  const statesReached = states.filter((s) => got.states.has(s));
  const edgesReached = keys.filter((k) => got.transitions.has(k));
  out.machines[entry.id] = { states: statesReached, transitions: edgesReached, statesTotal: states.length, transitionsTotal: keys.length };
  const pct = (a: number, b: number) => (b ? `${Math.floor((100 * a) / b)}%` : '-');
  rows.push([entry.id, `${statesReached.length}/${states.length}`, pct(statesReached.length, states.length), `${edgesReached.length}/${keys.length}`, pct(edgesReached.length, keys.length)]);
  if (statesReached.length < states.length || edgesReached.length < keys.length) {
    short = true;
    const missing = [
      ...states.filter((x) => !got.states.has(x)).map((x) => `  state not reached: ${x}`),
      ...keys.filter((x) => !got.transitions.has(x)).map((x) => `  transition not taken: ${x}`),
    ];
    missing.slice(0, 8).forEach((m) => rows.push(['', m]));
    if (missing.length > 8) rows.push(['', `  … and ${missing.length - 8} more`]);
  }
}

mkdirSync(dirname(OUT), { recursive: true });
// Written whole under another name, then renamed: the server never reads half a file.
writeFileSync(`${OUT}.part`, `${JSON.stringify(out, null, 1)}\n`);
renameSync(`${OUT}.part`, OUT);

const head = ['machine', 'states', '', 'transitions', ''];
const widths = head.map((h, i) => Math.max(h.length, ...rows.filter((r) => r[0]).map((r) => (r[i] ?? '').length)));
const line = (r: string[]) => (r[0] ? r.map((c, i) => c.padEnd(widths[i]!)).join('  ') : r[1]!);
console.log(`\n${line(head)}\n${rows.map(line).join('\n')}`);
for (const id of merged.keys()) console.log(`recorded but not in src/features/flows/catalogue.ts: ${id} (add an entry there)`);
console.log(`\nwritten ${relative(process.cwd(), OUT)}`);
process.exit(run.status !== 0 ? (run.status ?? 1) : check && short ? 1 : 0);
