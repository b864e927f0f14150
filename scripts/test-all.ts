/**
 * `npm test`: every suite in turn, stopping at the first that fails, then each one's time (CI must stay under 25
 * minutes; compare with the last run). Each step is an npm script or command of its own, runnable alone.
 */
import { spawnSync } from 'node:child_process';

const steps: [string, string, string[]][] = [
  ['type check', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['import rules', 'npm', ['run', 'check:imports']],
  ['unit, model, API (PGlite) and app tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'app']],
  ['build', 'npm', ['run', 'build']],
  ['browser journeys (Playwright)', 'npx', ['playwright', 'test']],
];
const times: [string, number][] = [];
const report = () => {
  console.log('\nnpm test, suite times:');
  for (const [name, s] of times) console.log(`  ${String(Math.round(s)).padStart(5)}s  ${name}`);
};
for (const [name, cmd, args] of steps) {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  times.push([name, (performance.now() - t0) / 1000]);
  if (r.status !== 0) { report(); process.exit(r.status ?? 1); }
}
report();
