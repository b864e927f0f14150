/**
 * Replaying a lifecycle machine's paths through the API. The walks come from the machine: every transition of
 * every state, taken once by walks from `new` (transition-walks.ts). The services keep rules the machine leaves
 * out on purpose (who may pay how, the void window, no void after a reissue), so a kind may name them as rules:
 * each machine event is then offered in the variants the services allow in the current phase (an event's `by`
 * names who sends it), and the walks cover every (state, phase, variant); every machine transition must still be
 * among them. A walk is replayed by a driver that sends each event as the real actor would, and after each step
 * the stored status must be the machine's state.
 */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { coverTransitions, type Adjacency } from './transition-walks';
import { DEADLINE_EVENTS, START, lifecycleStatuses, nextEvents, stepOf, type LifecycleKind } from '../../machines/lifecycle';
import { STATUS_TABLES } from '../../server/lifecycle/tables';
import type { BookingTrace } from '../../contract/lifecycle';
import type { AppContext } from '../../server/context';
import type { Db } from '../../server/db/client';
import { applyLifecycleEvent, LifecycleRefusal } from '../../server/lifecycle/apply';
import type { bookings } from '../../server/db/schema';

export interface Step { from: string; event: string; by: string; to: string }
export type Walk = Step[];

/** The variants of `event` the services allow from `status` in `phase`, each with the phase it leads to. */
export type Rules = (phase: string, status: string, event: string) => { by: string; phase: string }[];
const NO_RULES: Rules = (phase) => [{ by: '', phase }];

interface Node { status: string; phase: string }

export function lifecycleWalks(kind: LifecycleKind, rules: Rules = NO_RULES, initial = ''): Walk[] {
  const key = (n: Node) => `${n.status}|${n.phase}`;
  const edges = (n: Node) => nextEvents(kind, n.status).flatMap(({ event, to }) =>
    rules(n.phase, n.status, event).map((v) => ({ event: { type: event, by: v.by }, state: { status: to, phase: v.phase } })));
  const adjacency: Adjacency<Node> = {};
  const queue: Node[] = [{ status: START, phase: initial }];
  while (queue.length) {
    const n = queue.shift()!;
    if (adjacency[key(n)]) continue;
    const out = edges(n);
    adjacency[key(n)] = { state: n, transitions: Object.fromEntries(out.map((e) => [`${e.event.type}:${e.event.by}`, e])) };
    queue.push(...out.map((e) => e.state));
  }
  const next = (n: Node, e: { type: string; by?: string }) => edges(n).find((x) => x.event.type === e.type && x.event.by === e.by)!.state;
  const { groups } = coverTransitions(adjacency, next, key, Number.POSITIVE_INFINITY);
  const walks = groups.flatMap((g) => g.walks).map((w) => {
    let from = START;
    return w.map(({ event, state }) => {
      const step = { from, event: event.type, by: String(event.by ?? ''), to: state.status };
      from = state.status;
      return step;
    });
  });
  // The rules may narrow what is allowed where, never leave a transition of the machine untaken.
  const taken = new Set(walks.flat().map((s) => `${s.from} ${s.event}`));
  const all = [START, ...Object.keys(adjacency).map((k) => k.split('|')[0]!)].flatMap((s) => nextEvents(kind, s).map((n) => `${s} ${n.event}`));
  expect([...new Set(all)].filter((t) => !taken.has(t)), `${kind} transitions no walk takes`).toEqual([]);
  return walks;
}

/** A walk's name in a test title: its events, who sent them where it matters. */
export const walkName = (w: Walk) => w.map((s) => (s.by ? `${s.event}(${s.by})` : s.event)).join(' → ');

export const storedStatus = async (db: Db, kind: LifecycleKind, id: number) => {
  const table = STATUS_TABLES[kind] as unknown as typeof bookings;
  return (await db.select({ status: table.status }).from(table).where(eq(table.id, id)))[0]?.status;
};

/**
 * Replays `walk`: `start` makes the booking by the walk's first step, `send` sends each later one; the stored status
 * must be the machine's after each. Returns what `start` made.
 */
export async function replayWalk<B extends { id: number }>(
  db: Db, kind: LifecycleKind, walk: Walk, start: (s: Step) => Promise<B>, send: (b: B, s: Step) => Promise<unknown>,
): Promise<B> {
  let b: B | undefined;
  for (const [i, s] of walk.entries()) {
    if (!b) b = await start(s);
    else await send(b, s);
    expect(await storedStatus(db, kind, b.id), `step ${i + 1}: ${s.from} ${s.event}`).toBe(s.to);
  }
  return b!;
}

/** The trace names exactly the walk's steps that store one (a deadline that changes no status stores none) and what the last state takes. */
export function expectTrace(kind: LifecycleKind, t: BookingTrace, walk: Walk, stores: (s: Step) => boolean = () => true) {
  const last = walk.at(-1)!.to;
  expect(t.steps.map((s) => `${s.from ?? START} ${s.event} ${s.to}`)).toEqual(walk.filter(stores).map((s) => `${s.from} ${s.event} ${s.to}`));
  expect(t.state).toBe(last);
  // Deadline events are next only while their deadline is ahead (the trace lists it among its deadlines).
  expect(t.next).toEqual(nextEvents(kind, last).filter((n) => !DEADLINE_EVENTS.includes(n.event) || t.deadlines.some((d) => d.event === n.event)));
}

/** Every event any state of the kind's machine takes. */
export const eventsOf = (kind: LifecycleKind) => [...new Set(lifecycleStatuses(kind).concat(START).flatMap((s) => nextEvents(kind, s).map((n) => n.event)))];

/** The answer's body, once its status is the one expected (the body named when it is not). */
export async function answered(p: Promise<{ status: number; body: any }>, status = 200): Promise<any> {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

/**
 * The machine refuses, with 409 naming the state and the event, an event the booking's state does not take, and
 * the status stays. The services check the status they act on before they ask the machine (and answer their own
 * 409), so this is asserted where the refusal is raised.
 */
export async function expectRefusal(
  db: Db, ctx: AppContext, kind: LifecycleKind, id: number, state: string,
  api?: { event: string; send: () => Promise<{ status: number; body: any }> },
) {
  if (api) {
    // Through the API the service refuses first, with 409 and its own words.
    expect(stepOf(kind, state, api.event), `${state} takes ${api.event}`).toBeNull();
    const res = await api.send();
    expect(res.status, JSON.stringify(res.body)).toBe(409);
  }
  const event = eventsOf(kind).find((e) => stepOf(kind, state, e) === null)!;
  const refused = await db.transaction((tx) => applyLifecycleEvent(tx, ctx, kind, id, event, { kind: 'system' })).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(LifecycleRefusal);
  const { status, message, errors } = refused as LifecycleRefusal;
  expect([status, errors]).toEqual([409, { state: [state], event: [message] }]);
  expect(message).toMatch(new RegExp(`^An? [a-z ]+ that is ${state.replace(/_/g, ' ')} cannot take ${event}\\.$`));
  expect(await storedStatus(db, kind, id)).toBe(state);
}
