import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMachine } from '../../machines/auth';
import { flightBookingMachine } from '../../machines/flight-booking';
import { toGraph } from '../../src/features/flows/graph';
import { shortestPathTo } from '../../src/features/flows/paths';
import { fold, rank, searchFlows, stateOf, type Searchable } from '../../src/features/flows/search';
import { addressFor, addressOf, focusEdge, intoView } from '../../src/features/flows/address';
import { readableView, viewAt, viewOn } from '../../src/features/flows/view';
import { layout, type Drawing, type PlacedNode } from '../../src/features/flows/layout';
import { bake, graphHash, unbake } from '../../src/features/flows/baked';
import { flowsExplorerMachine } from '../../machines/flows-explorer';
import { withMessages } from '../../src/features/flows/live/useLive';
import type { StateMessage } from '../../src/features/flows/live/protocol';

/**
 * The explorer's search (a machine, a state or an event across every machine, in either language), the address that
 * names what is open, the view that brings a state to the middle of the chart and the scroll that brings the chart
 * into the window.
 */
const flight = toGraph(flightBookingMachine);
const auth = toGraph(authMachine);
const MACHINES: Searchable[] = [
  { id: 'flight-booking', graph: flight, purpose: 'One flight booking from search to payment result.' },
  { id: 'auth', graph: auth, purpose: 'Who is signed in: fetches the user, then login and logout.' },
];

describe('the search', () => {
  it('finds a machine by its id or its purpose, in the reader’s language too', () => {
    expect(searchFlows(MACHINES, 'auth')[0]).toEqual({ kind: 'machine', machine: 'auth' });
    expect(searchFlows(MACHINES, 'signed in')).toContainEqual({ kind: 'machine', machine: 'auth' });
    const arabic: Searchable[] = [{ ...MACHINES[0]!, purpose: 'حجز رحلة واحد من البحث حتى نتيجة الدفع.' }];
    expect(searchFlows(arabic, 'الدفع')).toEqual([{ kind: 'machine', machine: 'flight-booking' }]);
    // Diacritics and tatweel need not be typed.
    expect(searchFlows(arabic, 'الدَّفـع')).toEqual([{ kind: 'machine', machine: 'flight-booking' }]);
  });

  it('finds a state by its name or its path, exact matches first', () => {
    const hits = searchFlows(MACHINES, 'review');
    expect(hits[0]).toEqual({ kind: 'state', machine: 'flight-booking', state: 'flightBooking.review', path: 'review' });
    expect(searchFlows(MACHINES, 'passengers.ready')).toContainEqual({ kind: 'state', machine: 'flight-booking', state: 'flightBooking.passengers.ready', path: 'passengers.ready' });
    expect(searchFlows(MACHINES, 'analyst')).toContainEqual({ kind: 'state', machine: 'auth', state: 'auth.ready.signedIn.staff.analyst', path: 'ready.signedIn.staff.analyst' });
  });

  it('finds an event in every machine that answers it, with its number of transitions', () => {
    const hits = searchFlows(MACHINES, 'submit_passengers');
    expect(hits).toEqual([{ kind: 'event', machine: 'flight-booking', event: 'SUBMIT_PASSENGERS', transitions: flight.edges.filter((e) => e.event === 'SUBMIT_PASSENGERS').length }]);
    const logout = searchFlows(MACHINES, 'LOGOUT').filter((h) => h.kind === 'event').map((h) => h.machine);
    expect(logout).toEqual(['auth']);
  });

  it('ranks exact, then word starts, then anywhere; nothing for blank', () => {
    expect(rank('review', 'review')).toBe(0);
    expect(rank('passengers.ready', 'ready')).toBe(1);
    expect(rank('SUBMIT_PASSENGERS', 'pass')).toBe(1);
    expect(rank('loadingOffer', 'offer')).toBe(1);
    expect(rank('loadingOffer', 'ding')).toBe(2);
    expect(rank('review', 'zzz')).toBeNull();
    expect(searchFlows(MACHINES, '   ')).toEqual([]);
    expect(fold('  ReView ')).toBe('review');
  });
});

describe('the address', () => {
  it('names a state by its path or its id; an unknown one is none', () => {
    expect(stateOf(flight, 'passengers.ready')).toBe('flightBooking.passengers.ready');
    expect(stateOf(flight, 'flightBooking.review')).toBe('flightBooking.review');
    expect(stateOf(flight, 'flightBooking')).toBeNull(); // the machine itself is not a state to pick
    expect(stateOf(flight, 'nope')).toBeNull();
    expect(stateOf(flight, null)).toBeNull();
  });

  it('reads and writes machine, state (as its path) and event', () => {
    expect(addressOf('?machine=auth&state=ready.anonymous')).toEqual({ machine: 'auth', state: 'ready.anonymous', event: null });
    const url = addressFor({ machine: 'flight-booking', state: 'flightBooking.passengers.ready', event: null }, flight, 'http://x/admin/flows?event=OLD');
    expect(url.search).toBe('?machine=flight-booking&state=passengers.ready');
    expect(addressFor({ machine: 'auth', state: null, event: 'LOGIN' }, auth, 'http://x/admin/flows?machine=x&state=y').search).toBe('?machine=auth&event=LOGIN');
  });

  it('centres an event on its first drawn transition, or on the state that answers it with actions only', () => {
    expect(focusEdge(flight, 'SUBMIT_PASSENGERS')).toBe(flight.edges.find((e) => e.event === 'SUBMIT_PASSENGERS' && !e.internal)!.id);
    const clear = auth.edges.filter((e) => e.event === 'CLEAR');
    expect(clear.every((e) => e.internal)).toBe(true);
    expect(focusEdge(auth, 'CLEAR')).toBe(clear[0]!.source);
    expect(focusEdge(auth, 'NOPE')).toBeNull();
  });
});

describe('the analyst in the auth chart', () => {
  it('is a staff state of its own, reached by its own guard', () => {
    expect(auth.nodes['auth.ready.signedIn.staff']!.children).toContain('auth.ready.signedIn.staff.analyst');
    expect(shortestPathTo(auth, 'auth.ready.signedIn.staff.analyst')!.at(-1)).toMatchObject({ guard: 'isAnalyst', to: 'auth.ready.signedIn.staff.analyst' });
  });
});

describe('the chart’s view', () => {
  const node = (id: string, x: number, y: number, width = 100, height = 40, isInitial = false): PlacedNode =>
    ({ node: { id, key: id, parent: id === 'root' ? null : 'root', children: [], type: 'atomic', initial: null, isInitial, invokes: [], entry: [], exit: [], description: null }, x, y, width, height });
  const drawing: Drawing = { width: 4000, height: 2000, nodes: [node('root', 0, 0, 4000, 2000, true), node('start', 30, 40, 100, 40, true), node('far', 3000, 1500)], edges: [] };
  /** Where a drawing point lands on the screen (SVG fitted to width × height, then the view's transform). */
  const onScreen = (v: { x: number; y: number; k: number }, px: number, py: number, width: number, height: number) => {
    const s = Math.min(width / drawing.width, height / drawing.height);
    const cx = drawing.width / 2;
    const cy = drawing.height / 2;
    return { x: width / 2 + s * v.k * (px - cx + v.x), y: height / 2 + s * v.k * (py - cy + v.y) };
  };

  it('brings a state to the middle at one drawing unit a pixel, on a desktop and on a phone', () => {
    for (const [w, h] of [[1000, 700], [360, 500]] as const) {
      const v = viewOn(drawing, w, h, 'far')!;
      const centre = onScreen(v, 3050, 1520, w, h);
      expect(Math.abs(centre.x - w / 2), `${w}`).toBeLessThan(1);
      expect(Math.abs(centre.y - h / 2), `${w}`).toBeLessThan(1);
      const s = Math.min(w / drawing.width, h / drawing.height);
      expect(s * v.k).toBeCloseTo(1);
    }
  });

  it('never shows empty space past the drawing’s edge, and shows a small chart whole', () => {
    const v = viewAt(drawing, 1000, 700, 0, 0);
    expect(onScreen(v, 0, 0, 1000, 700)).toEqual({ x: 0, y: 0 });
    expect(readableView({ ...drawing, width: 500, height: 300 }, 1000, 700)).toEqual({ x: 0, y: 0, k: 1 });
    expect(viewOn(drawing, 1000, 700, 'missing')).toBeNull();
  });

  it('opens on the initial state near the top-left corner', () => {
    const v = readableView(drawing, 1000, 700);
    const start = onScreen(v, 30, 40, 1000, 700);
    expect(start.x).toBeGreaterThanOrEqual(0);
    expect(start.x).toBeLessThan(100);
    expect(start.y).toBeLessThan(100);
  });
});

describe('charts laid out when the app is built', () => {
  it('give back the drawing ELK made, for the very graph they were made from only', async () => {
    const g = toGraph(flowsExplorerMachine);
    const drawn = await layout(g);
    const back = unbake(g, JSON.parse(JSON.stringify(bake(g, drawn))))!;
    expect(back.nodes.map((n) => n.node.id)).toEqual(drawn.nodes.map((n) => n.node.id));
    expect(back.nodes[1]!.x).toBeCloseTo(drawn.nodes[1]!.x, 0);
    expect(back.edges.map((e) => [e.edge.id, e.points.length, e.label.lines])).toEqual(drawn.edges.map((e) => [e.edge.id, e.points.length, e.label.lines]));
    // Another machine's, or this one's after an edit, is not used.
    expect(unbake(auth, bake(g, drawn))).toBeNull();
    expect(unbake(g, { ...bake(g, drawn), hash: 'stale' })).toBeNull();
    expect(unbake(g, undefined)).toBeNull();
    expect(graphHash(g)).toBe(graphHash(toGraph(flowsExplorerMachine)));
  });
});

describe('live messages, applied a batch at a time', () => {
  const msg = (i: number, value: unknown, event: StateMessage['event'] = null): StateMessage =>
    ({ type: 'state', tab: `t${i % 5}`, path: '/', actor: `a${i}`, machine: 'flightBooking', time: i, event, value, status: 'active' });

  it('keeps 500 actors from one burst, each with its log in order, in one new list', () => {
    const first = withMessages([], Array.from({ length: 500 }, (_, i) => msg(i, 'results')));
    expect(first).toHaveLength(500);
    const moved = withMessages(first, [msg(7, 'search', { type: 'NEW_SEARCH' }), msg(7, 'searching', { type: 'SEARCH' })]);
    expect(moved).not.toBe(first);
    expect(moved[7]!.entries.map((e) => e.value)).toEqual(['results', 'search', 'searching']);
    expect(moved[8]).toBe(first[8]); // untouched actors keep their object
  });

  it('adds nothing for a state it already has (an app answering a second hello)', () => {
    const first = withMessages([], [msg(1, { a: 'b' })]);
    expect(withMessages(first, [msg(1, { a: 'b' })])).toBe(first);
  });
});

describe('bringing the chart into the window', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('scrolls the section to the top, smoothly unless reduced motion is asked for, and moves the focus without a second scroll', () => {
    for (const reduce of [false, true]) {
      vi.stubGlobal('window', { matchMedia: (q: string) => ({ matches: reduce && q.includes('reduce') }) });
      const el = { scrollIntoView: vi.fn() };
      const heading = { focus: vi.fn() };
      intoView(el as unknown as Element, heading as unknown as HTMLElement);
      expect(el.scrollIntoView).toHaveBeenCalledWith({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
      expect(heading.focus).toHaveBeenCalledWith({ preventScroll: true });
    }
  });
});
