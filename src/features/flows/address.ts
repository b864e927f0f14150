import type { FlowGraph } from './graph';

/**
 * What the explorer shows, kept in its address so that a link opens the same chart on the same state:
 * `?machine=flight-booking&state=passengers.ready` (a state by its path below the machine, or its full id) or
 * `&event=SUBMIT_PASSENGERS`. And how the page takes the reader to what was chosen.
 */
export interface Selection { machine: string | null; state: string | null; event: string | null }

export function addressOf(search = window.location.search): Selection {
  const q = new URLSearchParams(search);
  return { machine: q.get('machine'), state: q.get('state'), event: q.get('event') };
}

/** The booking an address opens on its lifecycle chart: `?booking=Q7M4KD`, with `&kind=flight` when known. */
export function bookingOf(search = window.location.search): { reference: string; kind: string | null } | null {
  const q = new URLSearchParams(search);
  const reference = q.get('booking')?.trim();
  return reference ? { reference, kind: q.get('kind') } : null;
}

/** The address for a selection: the state written as its path below the machine, the way people read it. */
export function addressFor(s: Selection, graph: FlowGraph | null, href = window.location.href): URL {
  const url = new URL(href);
  const state = s.state && graph && s.state.startsWith(`${graph.root}.`) ? s.state.slice(graph.root.length + 1) : s.state;
  for (const [key, value] of [['machine', s.machine], ['state', state], ['event', s.event]] as const) {
    if (value) url.searchParams.set(key, value);
    else url.searchParams.delete(key);
  }
  return url;
}

/** Replaces the address (no history entry per click), only when it changes. */
export function writeAddress(s: Selection, graph: FlowGraph | null) {
  const url = addressFor(s, graph);
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}

/** What the chart centres for an event: its first drawn transition, else (actions only) the state that answers it. */
export function focusEdge(g: FlowGraph, event: string): string | null {
  const edges = g.edges.filter((e) => e.event === event);
  return (edges.find((e) => !e.internal) ?? null)?.id ?? edges[0]?.source ?? null;
}

/**
 * Scrolls `el` to the top of the window (below the sticky top bar: its scroll-margin) and moves the focus to
 * `focus` without a second scroll. Smooth unless the reader asked for reduced motion.
 */
export function intoView(el: Element, focus: HTMLElement | SVGElement | null) {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  focus?.focus({ preventScroll: true });
}
