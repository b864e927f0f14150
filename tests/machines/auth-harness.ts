import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { authMachine } from '../../machines/auth';
import type { Failure } from '../../machines/notice';
import { done, fail, liveActor } from '../support/model';
import { IDENTITIES, identityOf } from './identities';

/** Invoke ids of the auth machine; each is also its actor source name. */
export const CALLS = ['fetchUser', 'login', 'register', 'registerAgent', 'logout', 'forgotPassword', 'resetPassword', 'verifyEmail', 'resendVerification'] as const;
export type Call = (typeof CALLS)[number];

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export const invalid: Failure = { notice: { status: 'error', text: 'The given data was invalid.' }, fieldErrors: { email: 'Email is required.' } };
export const networkDown: Failure = { notice: { status: 'error', key: 'errors.generic' }, fieldErrors: {} };
const ok = { status: 'success', text: 'OK' } as const;

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
  fail('fetchUser', new Error('offline')),
  ...Object.values(IDENTITIES).filter(Boolean).map((u) => done('login', { user: u, notice: ok })),
  fail('login', invalid),
  fail('login', networkDown),
  done('register', { user: IDENTITIES.customerUnverified, notice: ok }),
  fail('register', invalid),
  done('registerAgent', { user: IDENTITIES.agentUnverified, notice: ok }),
  fail('registerAgent', invalid),
  ...(['logout', 'forgotPassword', 'resetPassword', 'verifyEmail', 'resendVerification'] as const).flatMap((id) => [
    done(id, { notice: ok }),
    fail(id, invalid),
  ]),
];

/** Collapse context to what distinguishes states: the value and who is signed in. */
export const serializeState = (s: AuthSnapshot) => `${JSON.stringify(s.value)} as ${identityOf(s.context.user)}`;

/** A live auth actor whose calls wait until the test settles them, as the model's done/error events say. */
export const harness = () => liveActor(authMachine, CALLS);
