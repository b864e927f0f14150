import { TRACE_KINDS, type BookingTrace, type TraceKind } from '../../../contract/lifecycle';
import type { FlowGraph } from './graph';
import { stateOf } from './search';

/**
 * A booking's trace laid over its lifecycle chart: which states it is in, which transitions its steps took, and
 * which its next events would take. Pure, so a test holds it against a real lifecycle machine. The trace names
 * states as the server stores them (a state's name or its path below the machine); a step the chart cannot place
 * is still listed, it is only not drawn.
 */

// References as each kind writes them: HTL-7Q2KXM, PK-26-000012, VA-26-000045, SI-26-000003, a six-character PNR.
const SHAPES: [RegExp, TraceKind][] = [
  [/^HTL-[A-Z0-9]+$/i, 'hotel'],
  [/^PK-\d{2}-\d+$/i, 'package'],
  [/^VA-\d{2}-\d+$/i, 'visa'],
  [/^SI-\d{2}-\d+$/i, 'insurance'],
  [/^[A-Z0-9]{6}$/i, 'flight'],
];

export const isTraceKind = (k: string | null | undefined): k is TraceKind => TRACE_KINDS.includes(k as TraceKind);

/** The kinds to ask for a reference, in order: the one named, else the one its shape says, else every kind. */
export function kindsToTry(reference: string, kind: string | null): readonly TraceKind[] {
  if (isTraceKind(kind)) return [kind];
  const shaped = SHAPES.find(([re]) => re.test(reference.trim()))?.[1];
  return shaped ? [shaped] : TRACE_KINDS;
}

/** A state the trace names, as a node of the chart: its path or full id, else the one state with that name. */
export function nodeOf(g: FlowGraph, name: string | null): string | null {
  if (!name) return null;
  const byPath = stateOf(g, name);
  if (byPath) return byPath;
  const named = Object.values(g.nodes).filter((n) => n.key === name && n.parent !== null);
  return named.length === 1 ? named[0]!.id : null;
}

const within = (g: FlowGraph, id: string, ancestor: string) => {
  for (let at: string | null = id; at; at = g.nodes[at]?.parent ?? null) if (at === ancestor) return true;
  return false;
};

/** The transition of the chart that takes `event` from state `from` to state `to` (either may be inside the edge's ends). */
export function edgeOf(g: FlowGraph, from: string | null, event: string, to: string | null): string | null {
  if (!from || !to) return null;
  const edges = g.edges.filter((e) => e.event === event && within(g, from, e.source));
  return (edges.find((e) => within(g, to, e.target)) ?? edges.find((e) => within(g, e.target, to)))?.id ?? null;
}

export interface TraceOverlay {
  /** The current state's node, if the chart has it. */
  current: string | null;
  /** The current state with the states around it, to fill. */
  active: Set<string>;
  /** The transitions the booking took. */
  taken: Set<string>;
  /** Per step, its transition on the chart (null where the chart has none). */
  steps: (string | null)[];
  /** Per next event, its transition on the chart. */
  next: (string | null)[];
  /** The transitions of the next events. */
  upcoming: Set<string>;
}

export function overlayOf(g: FlowGraph, trace: BookingTrace): TraceOverlay {
  const current = nodeOf(g, trace.state);
  const active = new Set<string>();
  for (let at: string | null = current; at && at !== g.root; at = g.nodes[at]?.parent ?? null) active.add(at);
  // The step that made the booking comes from nowhere: on the chart, from the machine's initial state.
  const steps = trace.steps.map((s) => edgeOf(g, s.from === null ? g.nodes[g.root]!.initial : nodeOf(g, s.from), s.event, nodeOf(g, s.to)));
  const next = trace.next.map((n) => edgeOf(g, current, n.event, nodeOf(g, n.to)));
  const placed = (ids: (string | null)[]) => new Set(ids.filter((e): e is string => e !== null));
  return { current, active, taken: placed(steps), steps, next, upcoming: placed(next) };
}
