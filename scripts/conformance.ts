/**
 * `npm run conformance -- --base-url <URL> [--password <demo password>]`: runs the contract's checks against any
 * server that publishes GET /api/openapi.json and has the demo accounts: who each operation refuses, what a write
 * without its required input answers, what reads answer, that every answer's status and shape are the documented
 * ones, the specification's own messages, and every write's happy path (./conformance/happy). Prints what fell
 * short and what was skipped, and exits 1 when anything fell short.
 */
import { report, runConformance } from './conformance/run';

const arg = (name: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
const base = (arg('base-url') ?? process.env.CONFORMANCE_BASE_URL ?? '').replace(/\/$/, '');
const password = arg('password') ?? process.env.DEMO_PASSWORD ?? 'Safar-demo-1';
if (!base) {
  console.error('Usage: npm run conformance -- --base-url http://localhost:8080 [--password <the demo accounts\' password>]');
  process.exit(2);
}

const t0 = performance.now();
try {
  const run = await runConformance(base, password);
  console.log(report(base, run, (performance.now() - t0) / 1000));
  process.exit(run.outcomes.some((o) => !o.ok) ? 1 : 0);
} catch (e) {
  console.error(`Conformance of ${base} could not run: ${(e as Error).message}`);
  process.exit(1);
}
