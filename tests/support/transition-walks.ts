/**
 * A bounded cover of a model's transitions. xstate/graph's adjacency map holds every reachable state (as the model
 * serializes it) with every event it is offered and where that event leads: one transition each. Replaying the
 * path to a state once per event offered there cost states × events × path length, and the tests grew with every
 * event a machine learnt. Here each transition is taken once, by walks that go on from wherever the last step
 * left them: a transition not yet taken from the current state if there is one (one that stays put first, then one
 * towards a state with some left), else the shortest way to the nearest state with some left. A walk ends where
 * nothing is left within reach (a final state), and the next starts on a fresh actor; the walks are cut into tests
 * of `perTest` transitions, so the number of tests follows the number of transitions and each test stays short.
 *
 * Each step's snapshot is the pure machine's from the one before, not the map's: a state reached along another
 * path than the map's may differ in what the serialization leaves out (some models serialize coarsely on purpose),
 * and the live actor must agree with the machine along the path it took. A transition counts only when it leads
 * where the map says; when it does not, the map no longer tells what follows and the walk ends there. A fresh walk
 * first follows the way xstate/graph first reached the state it heads for, which gives back the map's own
 * snapshots, so every walk takes at least one transition and the cover ends.
 */
import type { AnyEventObject } from 'xstate';

/** xstate/graph's adjacency map: every reachable state by its key, with where each event offered there leads. */
export type Adjacency<S> = Record<string, { state: S; transitions: Record<string, { event: AnyEventObject; state: S }> }>;

/** Events from the initial state on a fresh actor, each with the snapshot the pure machine reaches. */
export type Walk<S> = { event: AnyEventObject; state: S }[];

/** One test's share: transitions `from` to `to` (counted from 1) of all of them, taken by one or more walks. */
export interface WalkGroup<S> { from: number; to: number; walks: Walk<S>[] }

export interface Cover<S> { total: number; groups: WalkGroup<S>[] }

export function coverTransitions<S>(
  adjacency: Adjacency<S>,
  next: (snapshot: S, event: AnyEventObject) => S,
  serialize: (snapshot: S) => string,
  perTest: number,
): Cover<S> {
  // States by number, in the map's order (the order xstate/graph reached them, the initial state first).
  const keys = Object.keys(adjacency);
  const index = new Map(keys.map((k, i) => [k, i]));
  const snapshots = keys.map((k) => adjacency[k]!.state);
  const edges = keys.map((k) => Object.values(adjacency[k]!.transitions).map((t) => ({ ...t, to: index.get(serialize(t.state))! })));
  const left = edges.map((es) => new Set(es.keys()));
  const total = left.reduce((n, l) => n + l.size, 0);

  // How xstate/graph first reached each state: the first transition, in its order, that leads there.
  const parent: [number, number][] = [];
  const found = new Set([0]);
  edges.forEach((es, u) => es.forEach(({ to }, e) => { if (!found.has(to)) { found.add(to); parent[to] = [u, e]; } }));
  const treePath = (v: number) => {
    const path: [number, number][] = [];
    for (let w = v; w !== 0; w = parent[w]![0]) path.unshift(parent[w]!);
    return path;
  };
  // The shortest way from `from` to a state with transitions left, breadth-first over the map (arrays reused:
  // the big models ask this a thousand times).
  const seen = new Int32Array(keys.length);
  const viaState = new Int32Array(keys.length);
  const viaEdge = new Int32Array(keys.length);
  const queue = new Int32Array(keys.length);
  let search = 0;
  const route = (from: number) => {
    seen[from] = ++search;
    let head = 0;
    let tail = 0;
    queue[tail++] = from;
    while (head < tail) {
      const u = queue[head++]!;
      const es = edges[u]!;
      for (let e = 0; e < es.length; e++) {
        const to = es[e]!.to;
        if (seen[to] === search) continue;
        seen[to] = search;
        viaState[to] = u;
        viaEdge[to] = e;
        if (left[to]!.size) {
          const path: number[] = [];
          for (let w = to; w !== from; w = viaState[w]!) path.unshift(viaEdge[w]!);
          return path;
        }
        queue[tail++] = to;
      }
    }
    return undefined;
  };
  // A transition left at `v`: one that stays put, else one towards a state with some left, else any.
  const pick = (v: number) => {
    let onward: number | undefined;
    for (const e of left[v]!) {
      const { to } = edges[v]![e]!;
      if (to === v) return e;
      if (onward === undefined && left[to]!.size) onward = e;
    }
    return onward ?? left[v]!.values().next().value!;
  };

  const groups: WalkGroup<S>[] = [];
  let group: WalkGroup<S> = { from: 1, to: 0, walks: [] };
  let covered = 0;
  let firstLeft = 0;
  while (covered < total) {
    const before = covered;
    const walk: Walk<S> = [];
    let v = 0;
    let snapshot: S = snapshots[0]!;
    let idle = 0;
    const full = () => covered - group.from + 1 >= perTest;
    /** Takes transition `e` of the current state; false when the walk must stop. */
    const take = (e: number) => {
      const edge = edges[v]![e]!;
      const exact = snapshot === snapshots[v];
      snapshot = exact ? edge.state : next(snapshot, edge.event);
      walk.push({ event: edge.event, state: snapshot });
      const to = exact ? edge.to : index.get(serialize(snapshot));
      // Counted only where the map says it leads; elsewhere the map no longer tells what comes next, so the walk ends.
      if (to !== edge.to) return false;
      idle = left[v]!.delete(e) ? (covered++, 0) : idle + 1;
      v = to;
      // A route is never longer than the states, so going on longer without a new transition is going round.
      return idle <= keys.length && !full();
    };

    while (!left[firstLeft]!.size) firstLeft++;
    let going = treePath(firstLeft).every(([, e]) => take(e));
    while (going) {
      if (left[v]!.size) going = take(pick(v));
      else {
        const path = route(v);
        if (!path) break;
        for (const e of path) if (!(going = take(e))) break;
      }
    }
    if (covered === before) throw new Error(`no walk takes the ${total - covered} transitions left, the first out of ${keys[firstLeft]}`);
    group.walks.push(walk);
    if (full() || covered === total) {
      groups.push({ ...group, to: covered });
      group = { from: covered + 1, to: 0, walks: [] };
    }
  }
  return { total, groups };
}
