import { fromTransition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { FlowEdge, FlowGraph } from './graph';

/**
 * Shortest event sequences over a machine's chart, found by xstate/graph. The walk is over the chart, not a live
 * actor: every guard is taken as possibly true (each guarded branch is its own step), since a guard reads data
 * (a search's answer, a role) that the explorer does not have. A state's path is then "the fewest events after
 * which this state can be active", with the guards it needs shown on the way.
 */

/** The active states: every node that is in, root included, sorted so equal configurations serialize alike. */
type Configuration = string[];
interface EdgeEvent { type: string; edge: string }
export interface PathStep { edge: string; event: string; guard: string | null; from: string; to: string }

const ancestorsOf = (g: FlowGraph, id: string): string[] => {
  const out: string[] = [];
  for (let at: string | null = id; at; at = g.nodes[at]?.parent ?? null) out.push(at);
  return out; // id first, root last
};

/** The node and what entering it enters by default: a compound's initial child, every region of a parallel. */
function enterDefault(g: FlowGraph, id: string, into: Set<string>) {
  into.add(id);
  const n = g.nodes[id]!;
  if (n.type === 'parallel') n.children.forEach((c) => enterDefault(g, c, into));
  else if (n.type === 'compound' && n.initial) enterDefault(g, n.initial, into);
}

export function initialConfiguration(g: FlowGraph): Configuration {
  const s = new Set<string>();
  enterDefault(g, g.root, s);
  return [...s].sort();
}

/** Taking `edge` from `config`: exit below the transition's domain, enter the target and its defaults. */
export function take(g: FlowGraph, config: Configuration, edge: FlowEdge): Configuration {
  if (edge.internal) return config;
  const sourceUp = ancestorsOf(g, edge.source);
  const targetUp = ancestorsOf(g, edge.target);
  // The domain: the nearest compound ancestor of both that the transition does not leave.
  let domain = targetUp.find((a) => sourceUp.includes(a) && a !== edge.target && (a !== edge.source || !edge.reenter)) ?? g.root;
  if (domain === edge.source && edge.source === edge.target) domain = g.nodes[edge.source]!.parent ?? g.root;
  const next = new Set(config.filter((id) => !ancestorsOf(g, id).slice(1).includes(domain)));
  const entered = targetUp.slice(0, targetUp.indexOf(domain));
  entered.forEach((id) => next.add(id));
  enterDefault(g, edge.target, next);
  // A parallel state entered on the way down enters its other regions by default.
  for (const id of entered) {
    const n = g.nodes[id]!;
    if (n.type === 'parallel') n.children.filter((c) => !next.has(c)).forEach((c) => enterDefault(g, c, next));
  }
  return [...next].sort();
}

/** The edges that can fire in `config`: those of every active state (a child's and its ancestors'). */
export function enabledEdges(g: FlowGraph, config: Configuration): FlowEdge[] {
  const active = new Set(config);
  return g.edges.filter((e) => active.has(e.source) && !e.internal);
}

/** For every reachable configuration, the shortest sequence of steps from the initial one. */
export function shortestPaths(g: FlowGraph): { config: Configuration; steps: PathStep[] }[] {
  const byId = new Map(g.edges.map((e) => [e.id, e]));
  const logic = fromTransition(
    (config: Configuration, event: EdgeEvent) => {
      const edge = byId.get(event.edge);
      return edge ? take(g, config, edge) : config;
    },
    initialConfiguration(g),
  );
  const paths = getShortestPaths(logic, {
    events: (snapshot) => enabledEdges(g, snapshot.context).map((e) => ({ type: e.event || 'always', edge: e.id })),
    serializeState: (snapshot) => snapshot.context.join('|'),
  });
  return paths.map((p) => ({
    config: p.state.context,
    steps: p.steps
      .filter((s) => byId.has((s.event as EdgeEvent).edge))
      .map((s) => {
        const e = byId.get((s.event as EdgeEvent).edge)!;
        return { edge: e.id, event: e.event, guard: e.guard, from: e.source, to: e.target };
      }),
  }));
}

/** The shortest sequence after which `stateId` is active; [] for an initial state, null when it cannot be reached. */
export function shortestPathTo(g: FlowGraph, stateId: string, all = shortestPaths(g)): PathStep[] | null {
  let best: PathStep[] | null = null;
  for (const p of all) if (p.config.includes(stateId) && (!best || p.steps.length < best.length)) best = p.steps;
  return best;
}
