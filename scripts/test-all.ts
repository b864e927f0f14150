/**
 * `npm test`: every suite, stopping at the first that fails, then each one's time (CI must stay under 25 minutes;
 * compare with the last run). Each step is an npm script or command of its own, runnable alone.
 *
 * The checks run in two lanes side by side (their output is printed whole as each ends, so the two never
 * interleave): the type check with the import rules, and the linter, single-threaded and the longest of the three;
 * the suites after them use every core and run in turn.
 */
import { spawn } from 'node:child_process';

type Step = [name: string, cmd: string, args: string[]];
const checks: Step[][] = [
  [['type check', 'npm', ['run', 'typecheck']], ['import rules', 'npm', ['run', 'check:imports']]],
  [['lint', 'npm', ['run', 'lint']]],
];
const suites: Step[] = [
  ['unit, model, API (PGlite) and app tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'app']],
  ['build', 'npm', ['run', 'build']],
  ['browser journeys (Playwright)', 'npx', ['playwright', 'test']],
];

const times: [string, number][] = [];
const report = () => {
  console.log('\nnpm test, suite times:');
  for (const [name, s] of times) console.log(`  ${String(Math.round(s)).padStart(5)}s  ${name}`);
};

/** Runs one step; with `quiet` its output is kept and printed when it ends. Resolves to its exit status. */
function run([name, cmd, args]: Step, quiet: boolean): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const out: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => out.push(b));
    child.on('close', (code) => {
      times.push([name, (performance.now() - t0) / 1000]);
      if (quiet) process.stdout.write(`\n> ${name}\n${Buffer.concat(out).toString()}`);
      resolve(code ?? 1);
    });
  });
}

async function inTurn(steps: Step[], quiet: boolean): Promise<number> {
  for (const step of steps) {
    const status = await run(step, quiet);
    if (status !== 0) return status;
  }
  return 0;
}

const t0 = performance.now();
const failed = (await Promise.all(checks.map((lane) => inTurn(lane, true)))).find((s) => s !== 0);
times.push(['(checks side by side, in all)', (performance.now() - t0) / 1000]);
const status = failed ?? (await inTurn(suites, false));
report();
process.exit(status);
