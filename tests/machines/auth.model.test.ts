import { describe, expect, it } from 'vitest';
import { authMachine } from '../../machines/auth';
import { modelOf, testEveryTransition } from '../support/model';
import { ALL_EVENTS, CALLS, serializeState } from './auth-harness';

/**
 * Model-based: xstate/graph explores the machine with every event (UI events and every way each
 * call can settle); each transition found is then taken once on a live actor whose calls the test resolves or
 * rejects, and every step must land where the model says.
 */
const model = modelOf(authMachine, { events: ALL_EVENTS, serializeState, calls: CALLS });

describe('auth machine: every state is reachable', () => {
  it('reaches the identities, busy states and nothing unexpected', () => {
    for (const v of [
      'fetchingUser', 'loggingIn', 'registering', 'registeringAgent', 'loggingOut',
      'sendingResetLink', 'resettingPassword', 'verifyingEmail', 'resendingVerification',
      '{"ready":"anonymous"}', '{"ready":{"signedIn":"customer"}}',
      '{"ready":{"signedIn":{"agent":"unverified"}}}', '{"ready":{"signedIn":{"agent":"pending"}}}',
      '{"ready":{"signedIn":{"agent":"approved"}}}', '{"ready":{"signedIn":{"staff":"admin"}}}',
      '{"ready":{"signedIn":{"staff":"accounts"}}}', '{"ready":{"signedIn":{"staff":"reservation"}}}',
      '{"ready":{"signedIn":{"staff":"analyst"}}}',
    ]) expect(model.reached, v).toContain(v);
    expect(model.reached.has('resolving'), 'transient state never rests').toBe(false);
  });
});

describe('auth machine: every transition', () => {
  testEveryTransition(model);
});
