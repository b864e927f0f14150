/**
 * Model-based tests of a machine whose work is done by calls (promise actors, each invoked under its source
 * name): xstate/graph walks the pure machine with every UI event and every way each call can settle, and walks
 * that take each transition it found once are replayed on live actors whose calls wait until the test settles
 * them. Every step must land where the model says (the serialized state and, unless turned off, the whole context).
 *
 *   const model = modelOf(machine, { events, serializeState, calls, input });
 *   testEveryTransition(model);   // every (state, event) of the walk taken once, a hundred to a test
 *
 * A transition counts only where it lands as the map says, so every state the walk found is reached live too. The
 * number of tests follows the number of transitions, not states × events × path length (see transition-walks.ts).
 */
import { expect, it } from 'vitest';
import { createActor, createEmptyActor, fromPromise, type Actor, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type EmittedFrom, type InputFrom, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { coverageInspector } from './machine-coverage';
import { coverTransitions, type Adjacency, type Cover, type Walk } from './transition-walks';

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
  /** What distinguishes states for the walk (and names them in a failure). */
  serializeState: (snapshot: SnapshotFrom<TMachine>) => string;
  /** The machine's calls: each invoke id, which is also its actor source name. */
  calls: readonly string[];
  input?: InputFrom<TMachine>;
  /** Require the live context to equal the model's after every step (default true). */
  compareContext?: boolean;
}

export interface Model<TMachine extends AnyStateMachine> {
  serializeState: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Every reachable state with every event it takes, keyed by serializeState. */
  adjacency: Adjacency<SnapshotFrom<TMachine>>;
  /** A snapshot of every reachable state, one a key of the adjacency map. */
  states: SnapshotFrom<TMachine>[];
  /** The state values reached: an atomic one as its name, a compound one as JSON. */
  reached: Set<string>;
  /** Every transition of the adjacency map taken once, in tests of at most `perTest` of them. */
  cover(perTest: number): Cover<SnapshotFrom<TMachine>>;
  /** Replays the walk on a fresh live actor, checking each step against the model. */
  replay(walk: Walk<SnapshotFrom<TMachine>>): Promise<LiveActor<TMachine>>;
}

export function modelOf<TMachine extends AnyStateMachine>(machine: TMachine, options: ModelOptions<TMachine>): Model<TMachine> {
  type Snap = SnapshotFrom<TMachine>;
  const { serializeState, calls, input, compareContext = true } = options;
  // A finished actor takes no event, so a final state has no transitions to test.
  const offered = (s: Snap) => (machineSnapshot(s).status === 'done' ? [] : options.events.filter((e) => {
    const call = SETTLEMENT.exec(e.type)?.[2];
    return !call || call in machineSnapshot(s).children;
  }));
  // The walk offers settlement events (xstate.done/error.actor.*) that the machine's event type does not list.
  const traversal = { events: offered, serializeState, serializeEvent: (e: AnyEventObject) => JSON.stringify(e), input } as never;
  const adjacency = getAdjacencyMap(machine as never, traversal) as unknown as Adjacency<Snap>;
  const states = Object.values(adjacency).map((v) => v.state);

  // The pure machine, stepped as xstate/graph steps it: with a scope that starts, sends and emits nothing.
  const empty = createEmptyActor();
  const scope = { self: empty, system: empty.system, id: '', sessionId: 'model', logger: () => {}, defer: () => {}, stopChild: () => {}, emit: () => {}, actionExecutor: () => {} };
  const pure = machine as unknown as { transition(s: Snap, e: AnyEventObject, actorScope: typeof scope): Snap };
  const cover = (perTest: number) => coverTransitions(adjacency, (s, e) => pure.transition(s, e, scope), serializeState, perTest);

  async function replay(walk: Walk<Snap>) {
    const h = liveActor(machine, calls, input);
    let from = serializeState(h.snapshot());
    for (const [i, { event, state }] of walk.entries()) {
      await h.step(event);
      const got = h.snapshot();
      const where = `step ${i + 1} of ${walk.length}: ${event.type} from ${from}`;
      expect(serializeState(got), where).toBe(serializeState(state));
      if (compareContext) expect(machineSnapshot(got).context, `context after ${where}`).toEqual(machineSnapshot(state).context);
      from = serializeState(state);
    }
    return h;
  }

  const reached = new Set(states.map((s) => machineSnapshot(s).value).map((value) => (typeof value === 'string' ? value : JSON.stringify(value))));
  return { serializeState, adjacency, states, reached, cover, replay };
}

/**
 * Every transition of the model (each reachable state with each event it is offered) taken once on live actors,
 * in tests of at most `perTest` transitions each: a walk goes on from where its last step left it, so a test
 * covers many transitions with few steps, and the count of tests grows with the transitions alone.
 */
export function testEveryTransition<TMachine extends AnyStateMachine>(model: Model<TMachine>, perTest = 100) {
  const { total, groups } = model.cover(perTest);
  it.each(groups.map((g) => [g.from, g.to, total, g] as const))('transitions %i to %i of %i', async (_from, _to, _total, group) => {
    for (const walk of group.walks) await model.replay(walk);
  });
}
