import { eventsOf, statesOf, type FlowGraph } from './graph';

/**
 * The explorer's search: one box that finds a machine (by its id or its purpose in the reader's language), a state
 * (by its path, `passengers.ready`) or an event a machine answers (`SUBMIT_PASSENGERS`), across every machine. Pure,
 * so a test pins down what matches and in which order.
 */

export type FlowHit =
  | { kind: 'machine'; machine: string }
  | { kind: 'state'; machine: string; state: string; path: string }
  | { kind: 'event'; machine: string; event: string; transitions: number };

export interface Searchable { id: string; graph: FlowGraph; purpose: string }

/** Lower case, without Arabic diacritics and tatweel, so the reader need not type them. */
export const fold = (s: string) => s.toLowerCase().replace(/[\u064B-\u065F\u0670\u0640]/g, '').trim();

/**
 * How well `text` answers `q` (both folded): 0 exactly, 1 a word of it starts with q (words split at dots, dashes,
 * underscores, spaces and camel case), 2 anywhere in it; null not at all.
 */
export function rank(text: string, q: string): number | null {
  const t = fold(text);
  if (t === q) return 0;
  const at = t.indexOf(q);
  if (at < 0) return null;
  const words = text.split(/[.\-_\s]+|(?<=[a-z])(?=[A-Z])/).map(fold);
  return words.some((w) => w.startsWith(q)) || at === 0 ? 1 : 2;
}

const KIND_ORDER = { machine: 0, state: 1, event: 2 } as const;

/** Every hit for `query`, best first: by rank, then machines before states before events, then catalogue order. */
export function searchFlows(machines: readonly Searchable[], query: string): FlowHit[] {
  const q = fold(query);
  if (!q) return [];
  const found: { hit: FlowHit; rank: number; order: number }[] = [];
  machines.forEach((m, order) => {
    const byId = rank(m.id, q);
    const byPurpose = rank(m.purpose, q);
    const machineRank = Math.min(byId ?? 9, byPurpose === null ? 9 : Math.max(byPurpose, 1)); // a purpose never matches "exactly"
    if (machineRank < 9) found.push({ hit: { kind: 'machine', machine: m.id }, rank: machineRank, order });
    for (const n of statesOf(m.graph)) {
      const path = n.id.slice(m.graph.root.length + 1);
      const r = Math.min(rank(path, q) ?? 9, rank(n.key, q) ?? 9);
      if (r < 9) found.push({ hit: { kind: 'state', machine: m.id, state: n.id, path }, rank: r, order });
    }
    for (const event of eventsOf(m.graph)) {
      const r = rank(event, q);
      if (r !== null) found.push({ hit: { kind: 'event', machine: m.id, event, transitions: m.graph.edges.filter((e) => e.event === event).length }, rank: r, order });
    }
  });
  return found
    .sort((a, b) => a.rank - b.rank || KIND_ORDER[a.hit.kind] - KIND_ORDER[b.hit.kind] || a.order - b.order || label(a.hit).localeCompare(label(b.hit)))
    .map((f) => f.hit);
}

/** What a hit names: the machine id, the state's path or the event. */
export const label = (h: FlowHit) => (h.kind === 'machine' ? h.machine : h.kind === 'state' ? h.path : h.event);

/**
 * A state named in an address (`?state=`): its full id (`flightBooking.review`) or its path below the machine
 * (`review`, `passengers.ready`); null when the machine has no such state.
 */
export function stateOf(g: FlowGraph, name: string | null): string | null {
  if (!name) return null;
  if (g.nodes[name] && name !== g.root) return name;
  const id = `${g.root}.${name}`;
  return g.nodes[id] ? id : null;
}
