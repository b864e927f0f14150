/**
 * Model-based tests of a machine whose work is done by calls (promise actors, each invoked under its source
 * name): xstate/graph walks the pure machine with every UI event and every way each call can settle, and each
 * path is replayed on a live actor whose calls wait until the test settles them. Every step must land where the
 * model says (the serialized state and, unless turned off, the whole context).
 *
 *   const model = modelOf(machine, { events, serializeState, calls, input });
 *   testShortestPaths(model);              // one test a reachable state: the shortest path to it
 *   testEveryEventFromEveryState(model);   // one test a state: every event from it, each from a fresh actor
 */
import { expect, it } from 'vitest';
import { createActor, fromPromise, type Actor, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type EmittedFrom, type InputFrom, type SnapshotFrom } from 'xstate';
import { coverageInspector } from './machine-coverage';
import { getAdjacencyMap, getShortestPaths, type AdjacencyMap, type AdjacencyValue, type StatePath, type Step } from 'xstate/graph';

/** The event a call's promise actor reports when it resolves, or when it rejects. */
export const done = (call: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${call}`, output });
export const fail = (call: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${call}`, error });

const SETTLEMENT = /^xstate\.(done|error)\.actor\.(\w+)$/;
/** A machine's snapshot, seen from code generic in the machine. */
const machineSnapshot = (s: unknown) => s as AnyMachineSnapshot;

export interface LiveActor<TMachine extends AnyStateMachine, TCall extends string = string> {
  actor: Actor<TMachine>;
  /** Every call started, in order, with its input. */
  calls: { id: TCall; input: unknown }[];
  /** The calls whose abort signal fired (the machine left the state that ran them). */
  aborted: TCall[];
  emitted: EmittedFrom<TMachine>[];
  /** Settles the running call a done/error event names; sends any other event (a settlement of a call that is not running included, which the machine must ignore as the model does). */
  step(event: AnyEventObject): Promise<void>;
  snapshot(): SnapshotFrom<TMachine>;
}

/** A started actor of `machine` whose calls wait until `step` settles them. */
export function liveActor<TMachine extends AnyStateMachine, TCall extends string>(
  machine: TMachine,
  callIds: readonly TCall[],
  input?: InputFrom<TMachine>,
): LiveActor<TMachine, TCall> {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const calls: LiveActor<TMachine, TCall>['calls'] = [];
  const aborted: TCall[] = [];
  const actors = Object.fromEntries(
    callIds.map((id) => [
      id,
      fromPromise(({ input: callInput, signal }) => {
        calls.push({ id, input: callInput });
        signal.addEventListener('abort', () => aborted.push(id));
        return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
      }),
    ]),
  );
  // With MACHINE_COVERAGE_DIR set, what the actor goes through is recorded for `npm run machines:coverage`.
  const actor = createActor(machine.provide({ actors: actors as never }), { input, inspect: coverageInspector(machine) } as never) as Actor<TMachine>;
  const emitted: EmittedFrom<TMachine>[] = [];
  actor.on('*', (e) => emitted.push(e as EmittedFrom<TMachine>));
  actor.start();

  async function step(event: AnyEventObject) {
    const m = SETTLEMENT.exec(event.type);
    if (m && machineSnapshot(actor.getSnapshot()).children[m[2]]) {
      const p = pending.get(m[2])!;
      if (m[1] === 'done') p.resolve(event.output);
      else p.reject(event.error);
      await new Promise((r) => setTimeout(r, 0)); // let the promise actor report back
    } else {
      actor.send(event as never);
    }
  }
  return { actor, calls, aborted, emitted, step, snapshot: () => actor.getSnapshot() };
}

export interface ModelOptions<TMachine extends AnyStateMachine> {
  /** Every event the UI can send and every way every call can settle; a settlement is offered only while its call runs. */
  events: readonly AnyEventObject[];
  /** What distinguishes states for the walk (and names the generated tests). */
  serializeState: (snapshot: SnapshotFrom<TMachine>) => string;
  /** The machine's calls: each invoke id, which is also its actor source name. */
  calls: readonly string[];
  input?: InputFrom<TMachine>;
  /** Require the live context to equal the model's after every step (default true). */
  compareContext?: boolean;
}

export interface Model<TMachine extends AnyStateMachine> {
  serializeState: (snapshot: SnapshotFrom<TMachine>) => string;
  /** The shortest path to every reachable state. */
  paths: StatePath<SnapshotFrom<TMachine>, AnyEventObject>[];
  /** Every reachable state with every event it takes, keyed by serializeState. */
  adjacency: AdjacencyMap<SnapshotFrom<TMachine>, AnyEventObject>;
  /** The state values reached: an atomic one as its name, a compound one as JSON. */
  reached: Set<string>;
  /** Replays the steps on a fresh live actor, checking each against the model. */
  replay(steps: Step<SnapshotFrom<TMachine>, AnyEventObject>[]): Promise<LiveActor<TMachine>>;
}

export function modelOf<TMachine extends AnyStateMachine>(machine: TMachine, options: ModelOptions<TMachine>): Model<TMachine> {
  type Snap = SnapshotFrom<TMachine>;
  const { serializeState, calls, input, compareContext = true } = options;
  const offered = (s: Snap) => options.events.filter((e) => {
    const call = SETTLEMENT.exec(e.type)?.[2];
    return !call || call in machineSnapshot(s).children;
  });
  // The walk offers settlement events (xstate.done/error.actor.*) that the machine's event type does not list.
  const traversal = { events: offered, serializeState, serializeEvent: (e: AnyEventObject) => JSON.stringify(e), input } as never;
  const paths = getShortestPaths(machine, traversal) as StatePath<Snap, AnyEventObject>[];
  const adjacency = getAdjacencyMap(machine as never, traversal) as AdjacencyMap<Snap, AnyEventObject>;

  async function replay(steps: Step<Snap, AnyEventObject>[]) {
    const h = liveActor(machine, calls, input);
    for (const { event, state } of steps) {
      if (event.type === 'xstate.init') continue;
      await h.step(event);
      const got = h.snapshot();
      expect(serializeState(got), `after ${event.type}`).toBe(serializeState(state));
      if (compareContext) expect(machineSnapshot(got).context, `context after ${event.type}`).toEqual(machineSnapshot(state).context);
    }
    return h;
  }

  const reached = new Set(paths.map((p) => machineSnapshot(p.state).value).map((value) => (typeof value === 'string' ? value : JSON.stringify(value))));
  return { serializeState, paths, adjacency, reached, replay };
}

/** One test a reachable state: replay the shortest path to it; the live actor must end in that state. */
export function testShortestPaths<TMachine extends AnyStateMachine>(model: Model<TMachine>, title = 'shortest path to %s') {
  it.each(model.paths.map((p) => [model.serializeState(p.state), p] as const))(title, async (_, path) => {
    const h = await model.replay(path.steps);
    expect(machineSnapshot(h.snapshot()).matches(machineSnapshot(path.state).value)).toBe(true);
  });
}

/** One test a reachable state: each event it takes, from a fresh actor brought there by the shortest path. */
export function testEveryEventFromEveryState<TMachine extends AnyStateMachine>(model: Model<TMachine>, title = 'from %s') {
  const byState = new Map(model.paths.map((p) => [model.serializeState(p.state), p]));
  const vertices = Object.entries(model.adjacency) as [string, AdjacencyValue<SnapshotFrom<TMachine>, AnyEventObject>][];
  it.each(vertices)(title, async (key, vertex) => {
    const path = byState.get(key)!;
    expect(path, `no path to ${key}`).toBeDefined();
    for (const { event, state } of Object.values(vertex.transitions)) await model.replay([...path.steps, { event, state }]);
  });
}
