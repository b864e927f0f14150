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
