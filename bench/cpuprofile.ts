/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and prints where the time went: self time by function and total
 * (inclusive) time by function, the top entries of each. Run: node --import tsx bench/cpuprofile.ts FILE [--top 30] [--from ms] [--to ms]
 * (--from/--to: only the samples taken in that window after the profile began, e.g. a start-up's first second).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '30' }, from: { type: 'string', default: '0' }, to: { type: 'string', default: 'Infinity' } } });
const prof = JSON.parse(readFileSync(positionals[0], 'utf8')) as Profile;
const top = Number(values.top);
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (n: Node) => {
  const f = n.callFrame;
  const file = f.url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '').replace(/.*node_modules\//, 'nm/');
  return `${f.functionName || '(anon)'} ${file}:${f.lineNumber + 1}`;
};

// Time per sample from the deltas; a sample's time counts as self for its node and inclusive for every ancestor.
const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
let at = 0;
const from = Number(values.from), to = Number(values.to);
prof.samples.forEach((id, i) => {
  const dt = (prof.timeDeltas[i + 1] ?? 0) / 1000;
  at += (prof.timeDeltas[i] ?? 0) / 1000;
  if (at < from || at > to) return;
  all += dt;
  const n = byId.get(id)!;
  self.set(label(n), (self.get(label(n)) ?? 0) + dt);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur)!);
    if (seen.has(l)) continue;
    seen.add(l);
    total.set(l, (total.get(l) ?? 0) + dt);
  }
});

const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (of ${all.toFixed(0)} ms sampled)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${v.toFixed(0).padStart(7)} ms ${((100 * v) / all).toFixed(1).padStart(5)}%  ${k}`);
};
print('self', self);
print('total', total);
