import type { AnyStateMachine } from 'xstate';

/**
 * A machine as plain data to draw and to walk: every state node with its parent and children, and every
 * transition as an edge (one per target). Pure: reads `machine.root` and nothing else, so a test can hold it
 * against a real machine and the drawing never depends on XState's internals.
 */

export type FlowNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
export interface FlowNode {
  id: string;
  key: string;
  parent: string | null;
  children: string[];
  type: FlowNodeType;
  /** The child a compound state enters first. */
  initial: string | null;
  /** This node is its parent's initial state (or the root). */
  isInitial: boolean;
  /** Actors invoked while in this state: `id` is how events name it, `src` the logic's name. */
  invokes: { id: string; src: string }[];
  entry: string[];
  exit: string[];
  description: string | null;
}
export interface FlowEdge {
  id: string;
  /** Names the transition across runs (tests record it, the explorer reads it back): see transitionKey. */
  key: string;
  source: string;
  /** The state entered; the source itself for a transition without target (drawn as a self-loop). */
  target: string;
  /** The event as XState names it (`xstate.done.actor.x`); '' for an eventless (`always`) transition. */
  event: string;
  guard: string | null;
  actions: string[];
  /** No target: actions only, nothing exited or entered. */
  internal: boolean;
  reenter: boolean;
}
export interface FlowGraph {
  id: string;
  root: string;
  nodes: Record<string, FlowNode>;
  edges: FlowEdge[];
}

// XState's StateNode, seen as the few fields read here (its own type is generic past usefulness).
interface RawTransition {
  eventType: string;
  target?: readonly { id: string }[];
  guard?: unknown;
  actions: readonly unknown[];
  reenter?: boolean;
}
interface RawNode {
  id: string;
  key: string;
  type: FlowNodeType;
  description?: string;
  states: Record<string, RawNode>;
  initial?: { target: readonly { id: string }[] };
  transitions: Map<string, RawTransition[]>;
  always?: RawTransition[];
  invoke: { id: string; src: unknown }[];
  entry: readonly unknown[];
  exit: readonly unknown[];
}

/** An action or guard as a name: a named one by its name, a built-in by its kind, an inline function as such. */
export function nameOf(x: unknown): string {
  if (typeof x === 'string') return x;
  if (typeof x === 'function') return (x as { type?: string }).type?.replace(/^xstate\./, '') ?? (x.name || 'inline');
  if (x && typeof x === 'object' && 'type' in x) return String((x as { type: unknown }).type).replace(/^xstate\./, '');
  return 'inline';
}

export function toGraph(machine: AnyStateMachine): FlowGraph {
  const nodes: Record<string, FlowNode> = {};
  const edges: FlowEdge[] = [];
  const visit = (raw: RawNode, parent: RawNode | null) => {
    const children = Object.values(raw.states ?? {});
    nodes[raw.id] = {
      id: raw.id,
      key: raw.key,
      parent: parent?.id ?? null,
      children: children.map((c) => c.id),
      type: raw.type,
      initial: raw.initial?.target?.[0]?.id ?? null,
      isInitial: !parent || parent.initial?.target?.some((t) => t.id === raw.id) === true,
      invokes: raw.invoke.map((i) => ({ id: i.id, src: nameOf(i.src) })),
      entry: raw.entry.map(nameOf),
      exit: raw.exit.map(nameOf),
      description: raw.description ?? null,
    };
    const transitions = [...raw.transitions.values()].flat().concat(raw.always ?? []);
    for (const t of transitions) {
      const targets = t.target?.length ? t.target.map((x) => x.id) : [raw.id];
      for (const target of targets) {
        edges.push({
          id: `e${edges.length}`,
          key: transitionKey(raw.id, t, target),
          source: raw.id,
          target,
          event: t.eventType ?? '',
          guard: t.guard === undefined ? null : nameOf(t.guard),
          actions: t.actions.map(nameOf),
          internal: !t.target?.length,
          reenter: t.reenter === true,
        });
      }
    }
    children.forEach((c) => visit(c, raw));
  };
  const root = machine.root as unknown as RawNode;
  visit(root, null);
  return { id: root.id, root: root.id, nodes, edges };
}

/**
 * A transition (one target of it) as a stable string, from XState's own transition definition: what a test's
 * inspector sees (`@xstate.microstep`'s `_transitions`) and what toGraph reads, so both name it alike.
 */
export function transitionKey(source: string, t: { eventType?: string; guard?: unknown }, target: string): string {
  return `${source} ${t.eventType || 'always'}${t.guard === undefined ? '' : ` [${nameOf(t.guard)}]`} -> ${target}`;
}

/** The keys of a transition XState took (one per target; no target: the source itself). */
export function takenKeys(t: { source: { id: string }; target?: readonly { id: string }[]; eventType?: string; guard?: unknown }): string[] {
  const targets = t.target?.length ? t.target.map((x) => x.id) : [t.source.id];
  return targets.map((target) => transitionKey(t.source.id, t, target));
}

/** The state ids a snapshot's value has active (root included): `{a: 'b'}` → root, root.a, root.a.b. */
export function activeNodes(g: FlowGraph, value: unknown): string[] {
  const out: string[] = [];
  const walk = (id: string, v: unknown) => {
    out.push(id);
    const n = g.nodes[id];
    if (!n) return;
    const child = (key: string) => n.children.find((c) => g.nodes[c]!.key === key);
    if (typeof v === 'string') {
      const c = child(v);
      if (c) walk(c, null);
    } else if (v && typeof v === 'object') {
      for (const [k, sub] of Object.entries(v)) {
        const c = child(k);
        if (c) walk(c, sub);
      }
    }
  };
  walk(g.root, value);
  return out;
}

/** The event as people read it: `done: searchFlights` for `xstate.done.actor.searchFlights`, `always` for none. */
export function eventName(event: string): string {
  if (!event) return 'always';
  const m = /^xstate\.(done|error)\.(?:actor|state)\.(.+)$/.exec(event);
  if (m) return `${m[1]}: ${m[2]!.replace(/^.*\./, '')}`;
  if (event.startsWith('xstate.after.')) return `after ${event.split('.')[2]}ms`;
  return event;
}

/** "EVENT [guard] / a, b": the usual statechart label of a transition. */
export function edgeLabel(e: FlowEdge): string {
  return eventName(e.event) + (e.guard ? ` [${e.guard}]` : '') + (e.actions.length ? ` / ${e.actions.join(', ')}` : '');
}

/** The events a machine answers, built-in ones (done/error/always) left out. */
export function eventsOf(g: FlowGraph): string[] {
  return [...new Set(g.edges.map((e) => e.event).filter((e) => e && !e.startsWith('xstate.')))].sort();
}

/** Every state but the root, depth first. */
export function statesOf(g: FlowGraph): FlowNode[] {
  const out: FlowNode[] = [];
  const walk = (id: string) => {
    const n = g.nodes[id]!;
    if (id !== g.root) out.push(n);
    n.children.forEach(walk);
  };
  walk(g.root);
  return out;
}
