import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type * as XState from 'xstate';
import { trackMachine } from '../../src/app/actors';

// xstate's development build, as a development build of the app runs it: it throws where the production one
// quietly answers undefined (a snapshot read while its actor is still computing its first state).
const { createActor, createMachine, fromPromise } = createRequire(import.meta.url)('../../node_modules/xstate/dist/xstate.development.cjs.js') as typeof XState;

const child = createMachine({ id: 'child', initial: 'idle', states: { idle: {} } });
/** A screen's machine: it starts by loading, and holds a child machine from its first state. */
const screen = createMachine({
  id: 'screen',
  initial: 'loading',
  invoke: { id: 'panel', src: child },
  states: {
    loading: { invoke: { src: fromPromise(() => new Promise<void>(() => {})) } },
  },
});

function tracked() {
  const running = new Set<XState.AnyActor>();
  const errors: unknown[] = [];
  const actor = createActor(screen, { inspect: (e) => trackMachine(e, running) });
  actor.subscribe({ error: (err) => errors.push(err) });
  return { actor, running, errors };
}

describe('the live view keeps the tab’s running machines', () => {
  it('tracks a machine that invokes on entry, with its children, without reading a snapshot it has not made yet', () => {
    const { actor, running, errors } = tracked();
    actor.start();
    expect(errors).toEqual([]);
    expect(actor.getSnapshot().status).toBe('active');
    expect([...running].map((a) => (a.logic as { id: string }).id).sort()).toEqual(['child', 'screen']);
  });

  it('does not count an actor that was made and never started (React strict mode makes one and drops it)', () => {
    const { running } = tracked();
    expect(running.size).toBe(0);
  });

  it('forgets a machine once it stops, with the children it stopped', () => {
    const { actor, running } = tracked();
    actor.start();
    actor.stop();
    expect(running.size).toBe(0);
  });
});
