import { describe, expect, it } from 'vitest';
import { getAdjacencyMap, getShortestPaths, type AdjacencyMap, type AdjacencyValue, type StatePath } from 'xstate/graph';
import type { AnyEventObject } from 'xstate';
import { authMachine } from '../../machines/auth';
import { EVENTS, harness, serializeEvent, serializeState, type AuthSnapshot } from './auth-harness';

/**
 * Model-based: xstate/graph explores the machine with every event (UI events and every way each
 * call can settle); each path is then replayed on a live actor whose calls the test resolves or
 * rejects, and every step must land where the model says.
 */
// The model adds settlement events (xstate.done/error.actor.*) that the machine's event type does not list.
const options = { events: EVENTS, serializeState, serializeEvent } as never;
const paths = getShortestPaths(authMachine, options) as StatePath<AuthSnapshot, AnyEventObject>[];
const adjacency = getAdjacencyMap(authMachine as never, options) as AdjacencyMap<AuthSnapshot, AnyEventObject>;

const describeState = (s: AuthSnapshot) => serializeState(s);

async function replay(steps: { event: AnyEventObject; state: AuthSnapshot }[]) {
  const h = harness();
  for (const { event, state } of steps) {
    if (event.type === 'xstate.init') continue;
    await h.step(event);
    const got = h.snapshot();
    expect(serializeState(got), `after ${event.type}`).toBe(serializeState(state));
    expect(got.context, `context after ${event.type}`).toEqual(state.context);
  }
  return h;
}

describe('auth machine: every state is reachable', () => {
  it('reaches the identities, busy states and nothing unexpected', () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of [
      '"fetchingUser"', '"loggingIn"', '"registering"', '"registeringAgent"', '"loggingOut"',
      '"sendingResetLink"', '"resettingPassword"', '"verifyingEmail"', '"resendingVerification"',
      '{"ready":"anonymous"}', '{"ready":{"signedIn":"customer"}}',
      '{"ready":{"signedIn":{"agent":"unverified"}}}', '{"ready":{"signedIn":{"agent":"pending"}}}',
      '{"ready":{"signedIn":{"agent":"approved"}}}', '{"ready":{"signedIn":{"staff":"admin"}}}',
      '{"ready":{"signedIn":{"staff":"accounts"}}}', '{"ready":{"signedIn":{"staff":"reservation"}}}',
    ]) expect(values, v).toContain(v);
    expect(values.has('"resolving"'), 'transient state never rests').toBe(false);
  });

  it.each(paths.map((p) => [describeState(p.state), p] as const))('shortest path to %s', async (_, path) => {
    const h = await replay(path.steps);
    expect(h.snapshot().matches(path.state.value)).toBe(true);
  });
});

describe('auth machine: every event from every state', () => {
  const byState = new Map(paths.map((p) => [serializeState(p.state), p]));
  const vertices = Object.entries(adjacency) as [string, AdjacencyValue<AuthSnapshot, AnyEventObject>][];
  it.each(vertices)('from %s', async (key, vertex) => {
    const path = byState.get(key)!;
    expect(path, `no path to ${key}`).toBeDefined();
    for (const { event, state } of Object.values(vertex.transitions)) {
      await replay([...path.steps, { event, state }]);
    }
  });
});
