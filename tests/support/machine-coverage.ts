/**
 * Records which states and transitions the machine tests reach, for `npm run machines:coverage`. Every live actor
 * of tests/support/model.ts gets this inspector when MACHINE_COVERAGE_DIR is set; XState reports each microstep
 * with the transitions it took and the snapshot it led to. At the end of a test file the reached sets are written
 * as one JSON file per machine into that folder (a gitignored one), which the script merges. Unset: nothing runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { activeNodes, takenKeys, toGraph, type FlowGraph } from '../../src/features/flows/graph';

export interface RecordedCoverage { machine: string; states: string[]; transitions: string[] }

const dir = process.env.MACHINE_COVERAGE_DIR;
const reached = new Map<string, { graph: FlowGraph; states: Set<string>; transitions: Set<string> }>();

if (dir) {
  afterAll(() => {
    mkdirSync(dir, { recursive: true });
    for (const [machine, r] of reached) {
      const file = join(dir, `${machine}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}.json`);
      const out: RecordedCoverage = { machine, states: [...r.states], transitions: [...r.transitions] };
      writeFileSync(file, JSON.stringify(out));
    }
  });
}

/** An inspector that records what `machine`'s actor goes through, or undefined when coverage is not recorded. */
export function coverageInspector(machine: AnyStateMachine): ((e: InspectionEvent) => void) | undefined {
  if (!dir) return undefined;
  let r = reached.get(machine.id);
  if (!r) reached.set(machine.id, (r = { graph: toGraph(machine), states: new Set(), transitions: new Set() }));
  const { graph, states, transitions } = r;
  return (e) => {
    // Only the machine's own actor: its invoked calls report through the same inspector.
    if (e.rootId !== e.actorRef.sessionId) return;
    if (e.type === '@xstate.microstep') {
      for (const t of e._transitions) {
        takenKeys(t).forEach((k) => transitions.add(k));
        // A transition's source was active, though a transient one (left at once by `always`) is never a snapshot.
        for (let id: string | null = t.source.id; id; id = graph.nodes[id]?.parent ?? null) states.add(id);
      }
    }
    if (e.type === '@xstate.snapshot' || e.type === '@xstate.microstep') {
      const value = (e.snapshot as { value?: unknown }).value;
      if (value !== undefined) activeNodes(graph, value).forEach((id) => states.add(id));
    }
  };
}
