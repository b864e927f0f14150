/**
 * One conformance run against a server: its document, every operation's checks, the specification's flows, then
 * every write's happy path (./happy).
 */
import { Caller, EVERYONE, type Who } from './callers';
import { Checker, operationsOf, type Outcome } from './checks';
import { specFlows } from './flows';
import { happyPaths } from './happy';
import type { Schema } from './schema-check';

export interface Run { version: string; operations: number; outcomes: Outcome[] }

export async function runConformance(base: string, password: string): Promise<Run> {
  const res = await fetch(`${base}/api/openapi.json`);
  if (!res.ok) throw new Error(`GET ${base}/api/openapi.json answered ${res.status}`);
  const doc = (await res.json()) as Schema;
  const ops = operationsOf(doc);
  const callers = Object.fromEntries(await Promise.all(EVERYONE.map(async (who) => [who, await new Caller(base, who).start(password)] as const))) as Record<Who, Caller>;
  const checker = new Checker(doc, callers);
  for (const o of ops) {
    await checker.refusals(o);
    await checker.validation(o);
    await checker.reads(o);
  }
  const fresh = () => new Caller(base, 'anonymous');
  const flows = await specFlows(fresh, callers.agent, password);
  const happy = await happyPaths(doc, ops, callers, fresh);
  return { version: String((doc.info as { version?: string } | undefined)?.version ?? '?'), operations: ops.length, outcomes: [...checker.outcomes, ...flows, ...happy] };
}

/** The run in words: a line per check, each failure on a line of its own, then what was skipped and why. */
export function report(base: string, run: Run, seconds: number): string {
  const lines = [`Conformance of ${base} to its contract ${run.version}: ${run.operations} operations`];
  const byCheck = new Map<string, { passed: number; failed: number; skipped: number }>();
  for (const o of run.outcomes) {
    const n = byCheck.get(o.check) ?? { passed: 0, failed: 0, skipped: 0 };
    n[o.skipped ? 'skipped' : o.ok ? 'passed' : 'failed']++;
    byCheck.set(o.check, n);
  }
  for (const [check, n] of byCheck) {
    lines.push(`  ${n.failed ? '✗' : '✓'} ${check}: ${n.passed} passed${n.failed ? `, ${n.failed} failed` : ''}${n.skipped ? `, ${n.skipped} skipped` : ''}`);
  }
  const failed = run.outcomes.filter((o) => !o.ok);
  if (failed.length) {
    lines.push('', `${failed.length} of ${run.outcomes.length} checks fell short:`);
    for (const f of failed) lines.push(`  ✗ [${f.check}] ${f.what}`);
  }
  const skipped = run.outcomes.filter((o) => o.skipped);
  if (skipped.length) {
    lines.push('', `${skipped.length} writes no partner can run here were skipped:`);
    for (const s of skipped) lines.push(`  – [${s.check}] skipped ${s.what}`);
  }
  const counted = run.outcomes.length - skipped.length;
  lines.push('', `${counted - failed.length} of ${counted} checks passed in ${seconds.toFixed(1)} s`);
  return lines.join('\n');
}
