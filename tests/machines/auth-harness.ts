import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { authMachine, type AuthEmitted, type AuthEvent } from '../../machines/auth';
import type { Failure } from '../../machines/notice';
import { IDENTITIES, identityOf } from './identities';

/** Invoke ids of the auth machine; each is also its actor source name. */
export const CALLS = ['fetchUser', 'login', 'register', 'registerAgent', 'logout', 'forgotPassword', 'resetPassword', 'verifyEmail', 'resendVerification'] as const;
export type Call = (typeof CALLS)[number];

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export const invalid: Failure = { notice: { status: 'error', text: 'The given data was invalid.' }, fieldErrors: { email: 'Email is required.' } };
export const networkDown: Failure = { notice: { status: 'error', key: 'errors.generic' }, fieldErrors: {} };
const ok = { status: 'success', text: 'OK' } as const;

const done = (id: Call, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: Call, err: unknown) => ({ type: `xstate.error.actor.${id}`, error: err });

const login = { email: 'a@b.c', password: 'Safar-demo-1' };
const register = { name: 'N', email: 'a@b.c', password: 'Safar-demo-1', password_confirmation: 'Safar-demo-1' };

/** Every event the UI can send, and every way every call can settle. */
export const ALL_EVENTS: AnyEventObject[] = [
  { type: 'LOGIN', input: login },
  { type: 'REGISTER', input: register },
  { type: 'REGISTER_AGENT', input: { ...register, company_name: 'Co', phone: '+92 300 0000000' } },
  { type: 'LOGOUT' },
  { type: 'FORGOT', input: { email: 'a@b.c' } },
  { type: 'RESET', input: { ...register, token: 't' } },
  { type: 'VERIFY', input: { id: '1', expires: '9', signature: 's' } },
  { type: 'RESEND' },
  { type: 'REFRESH' },
  { type: 'CLEAR' },
  { type: 'CANCEL' },
  ...Object.values(IDENTITIES).map((u) => done('fetchUser', u)),
  error('fetchUser', new Error('offline')),
  ...Object.values(IDENTITIES).filter(Boolean).map((u) => done('login', { user: u, notice: ok })),
  error('login', invalid),
  error('login', networkDown),
  done('register', { user: IDENTITIES.customerUnverified, notice: ok }),
  error('register', invalid),
  done('registerAgent', { user: IDENTITIES.agentUnverified, notice: ok }),
  error('registerAgent', invalid),
  ...(['logout', 'forgotPassword', 'resetPassword', 'verifyEmail', 'resendVerification'] as const).flatMap((id) => [
    done(id, { notice: ok }),
    error(id, invalid),
  ]),
];

const settles = (e: AnyEventObject) => /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type)?.[2];

/** Per state: every UI event, and the settlements of the call that is running (only a running call settles). */
export const EVENTS = (s: AuthSnapshot) =>
  ALL_EVENTS.filter((e) => {
    const id = settles(e);
    return !id || id in s.children;
  });

/** Collapse context to what distinguishes states: the value and who is signed in. */
export const serializeState = (s: AuthSnapshot) => `${JSON.stringify(s.value)} as ${identityOf(s.context.user)}`;
export const serializeEvent = (e: AnyEventObject) => JSON.stringify(e);

/** A live auth actor whose calls wait until the test settles them, as the model's done/error events say. */
export function harness() {
  const pending = new Map<Call, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const calls: { id: Call; input: unknown }[] = [];
  const actors = Object.fromEntries(
    CALLS.map((id) => [
      id,
      fromPromise(({ input }) => {
        calls.push({ id, input });
        return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
      }),
    ]),
  );
  const actor = createActor(authMachine.provide({ actors: actors as never }));
  const emitted: AuthEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as AuthEmitted));
  actor.start();

  async function step(event: AnyEventObject) {
    const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    const id = m?.[2] as Call | undefined;
    if (m && id && actor.getSnapshot().children[id]) {
      const p = pending.get(id)!;
      if (m[1] === 'done') p.resolve(event.output);
      else p.reject(event.error);
      await new Promise((r) => setTimeout(r, 0)); // let the promise actor report back
    } else {
      // Not running: the machine must ignore it, exactly as the pure model does.
      actor.send(event as AuthEvent);
    }
  }
  return { actor, calls, emitted, step, snapshot: () => actor.getSnapshot() };
}
