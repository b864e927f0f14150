import { assign, emit, enqueueActions, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import type { AgentRegisterInput, LoginInput, RegisterInput, ResetPasswordInput, User } from '../contract/auth';
import { afterLogin, afterRegister, agentStage, PATHS } from './guard';
import { toFailure, type Notice } from './notice';

/**
 * Auth state: who is signed in, and the auth forms' isLoading/success/validationMessages.
 * Pure: the app provides the actors (HTTP calls) and acts on the emitted navigate/notify events.
 */

export interface AuthResult {
  user?: User | null;
  notice?: Notice | null;
}
export interface VerifyInput { id: string; expires: string; signature: string }
export interface ForgotInput { email: string }

export type AuthOp = 'login' | 'register' | 'registerAgent' | 'logout' | 'forgot' | 'reset' | 'verify' | 'resend';
/** The last finished operation, so a screen can show an inline result (verify-email's error). */
export interface Outcome { op: AuthOp; ok: boolean; notice: Notice | null }

export interface AuthContext {
  user: User | null;
  isLoading: boolean;
  success: boolean;
  validationMessages: Record<string, string>;
  outcome: Outcome | null;
}

export type AuthEvent =
  | { type: 'LOGIN'; input: LoginInput }
  | { type: 'REGISTER'; input: RegisterInput }
  | { type: 'REGISTER_AGENT'; input: AgentRegisterInput }
  | { type: 'LOGOUT' }
  | { type: 'FORGOT'; input: ForgotInput }
  | { type: 'RESET'; input: ResetPasswordInput }
  | { type: 'VERIFY'; input: VerifyInput }
  | { type: 'RESEND' }
  | { type: 'REFRESH' }
  | { type: 'CLEAR' }
  | { type: 'CANCEL' };

export type AuthEmitted = { type: 'navigate'; to: string } | { type: 'notify'; notice: Notice };

/** The app (or a test) provides every call; an unprovided one fails loudly. */
function missing<I>(name: string): PromiseActorLogic<AuthResult, I> {
  return fromPromise<AuthResult, I>(async () => {
    throw new Error(`auth actor "${name}" was not provided`);
  });
}

const VERIFY_NOTICE: Notice = { status: 'info', key: 'auth.notices.verifyEmail' };

type DoneEvent = { output: AuthResult };
type ErrorEvent = { error: unknown };
const noticeOf = (e: unknown) => (e as DoneEvent).output?.notice ?? null;
const failureOf = (e: unknown) => toFailure((e as ErrorEvent).error);

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
  },
  actors: {
    fetchUser: fromPromise<User | null, void>(async () => null),
    login: missing<LoginInput>('login'),
    register: missing<RegisterInput>('register'),
    registerAgent: missing<AgentRegisterInput>('registerAgent'),
    logout: missing<void>('logout'),
    forgotPassword: missing<ForgotInput>('forgotPassword'),
    resetPassword: missing<ResetPasswordInput>('resetPassword'),
    verifyEmail: missing<VerifyInput>('verifyEmail'),
    resendVerification: missing<void>('resendVerification'),
  },
  guards: {
    noUser: ({ context }) => !context.user,
    isAdmin: ({ context }) => context.user?.role === 'admin',
    isAccounts: ({ context }) => context.user?.role === 'accounts',
    isReservation: ({ context }) => context.user?.role === 'reservation',
    isAgentUnverified: ({ context }) => context.user?.role === 'agent' && agentStage(context.user) === 'unverified',
    isAgentPending: ({ context }) => context.user?.role === 'agent' && agentStage(context.user) === 'pending',
    isAgentApproved: ({ context }) => context.user?.role === 'agent' && agentStage(context.user) === 'approved',
  },
  actions: {
    startRequest: assign({ isLoading: true, success: false, validationMessages: {}, outcome: null }),
    clearFeedback: assign({ isLoading: false, success: false, validationMessages: {}, outcome: null }),
    stopLoading: assign({ isLoading: false }),
    setUser: assign({ user: (_, user: User | null) => user }),
    succeed: assign((_, op: AuthOp) => ({ isLoading: false, success: true, validationMessages: {}, outcome: { op, ok: true, notice: null } })),
    fail: assign((_, p: { op: AuthOp; error: unknown }) => {
      const f = toFailure(p.error);
      return { isLoading: false, success: false, validationMessages: f.fieldErrors, outcome: { op: p.op, ok: false, notice: f.notice } };
    }),
    // An aborted call has no notice: nothing to show.
    notify: enqueueActions(({ enqueue }, notice: Notice | null) => {
      if (notice) enqueue.emit({ type: 'notify', notice });
    }),
    navigate: emit((_, to: string) => ({ type: 'navigate' as const, to })),
  },
}).createMachine({
  id: 'auth',
  initial: 'fetchingUser',
  context: { user: null, isLoading: false, success: false, validationMessages: {}, outcome: null },
  states: {
    fetchingUser: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: { target: 'resolving', actions: { type: 'setUser', params: ({ event }) => event.output } },
        // An unreachable or failing user endpoint means "not signed in" for the guard.
        onError: { target: 'resolving', actions: { type: 'setUser', params: null } },
      },
    },
    /** Transient: routes to the state that matches the current user. */
    resolving: {
      always: [
        { guard: 'noUser', target: 'ready.anonymous' },
        { guard: 'isAdmin', target: 'ready.signedIn.staff.admin' },
        { guard: 'isAccounts', target: 'ready.signedIn.staff.accounts' },
        { guard: 'isReservation', target: 'ready.signedIn.staff.reservation' },
        { guard: 'isAgentUnverified', target: 'ready.signedIn.agent.unverified' },
        { guard: 'isAgentPending', target: 'ready.signedIn.agent.pending' },
        { guard: 'isAgentApproved', target: 'ready.signedIn.agent.approved' },
        { target: 'ready.signedIn.customer' },
      ],
    },
    // Initial children below are never used: `resolving` always targets a leaf.
    ready: {
      initial: 'anonymous',
      on: {
        FORGOT: 'sendingResetLink',
        RESET: 'resettingPassword',
        VERIFY: 'verifyingEmail',
        REFRESH: 'fetchingUser',
        CLEAR: { actions: 'clearFeedback' },
      },
      states: {
        anonymous: {
          on: { LOGIN: '#auth.loggingIn', REGISTER: '#auth.registering', REGISTER_AGENT: '#auth.registeringAgent' },
        },
        signedIn: {
          initial: 'customer',
          on: { LOGOUT: '#auth.loggingOut', RESEND: '#auth.resendingVerification' },
          states: {
            customer: {},
            agent: { initial: 'unverified', states: { unverified: {}, pending: {}, approved: {} } },
            staff: { initial: 'admin', states: { admin: {}, accounts: {}, reservation: {} } },
          },
        },
      },
    },
    loggingIn: {
      tags: 'busy',
      entry: 'startRequest',
      on: { CANCEL: { target: 'resolving', actions: 'stopLoading' } },
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }: { event: AuthEvent }) => (event as Extract<AuthEvent, { type: 'LOGIN' }>).input,
        onDone: {
          target: 'resolving',
          actions: [
            { type: 'setUser', params: ({ event }) => event.output.user ?? null },
            { type: 'succeed', params: 'login' },
            { type: 'notify', params: ({ event }) => noticeOf(event) },
            { type: 'navigate', params: ({ event }) => (event.output.user ? afterLogin(event.output.user) : PATHS.home) },
          ],
        },
        onError: { target: 'resolving', actions: failed('login') },
      },
    },
    registering: {
      tags: 'busy',
      entry: 'startRequest',
      on: { CANCEL: { target: 'resolving', actions: 'stopLoading' } },
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }: { event: AuthEvent }) => (event as Extract<AuthEvent, { type: 'REGISTER' }>).input,
        onDone: {
          target: 'resolving',
          actions: [
            { type: 'setUser', params: ({ event }) => event.output.user ?? null },
            { type: 'succeed', params: 'register' },
            { type: 'notify', params: ({ event }) => noticeOf(event) },
            { type: 'notify', params: VERIFY_NOTICE },
            { type: 'navigate', params: ({ event }) => (event.output.user ? afterRegister(event.output.user) : PATHS.home) },
          ],
        },
        onError: { target: 'resolving', actions: failed('register') },
      },
    },
    registeringAgent: {
      tags: 'busy',
      entry: 'startRequest',
      on: { CANCEL: { target: 'resolving', actions: 'stopLoading' } },
      invoke: {
        id: 'registerAgent',
        src: 'registerAgent',
        input: ({ event }: { event: AuthEvent }) => (event as Extract<AuthEvent, { type: 'REGISTER_AGENT' }>).input,
        onDone: {
          target: 'resolving',
          actions: [
            { type: 'setUser', params: ({ event }) => event.output.user ?? null },
            { type: 'succeed', params: 'registerAgent' },
            { type: 'notify', params: ({ event }) => noticeOf(event) },
            { type: 'navigate', params: ({ event }) => (event.output.user ? afterRegister(event.output.user) : PATHS.home) },
          ],
        },
        onError: { target: 'resolving', actions: failed('registerAgent') },
      },
    },
    loggingOut: {
      tags: 'busy',
      entry: 'startRequest',
      invoke: {
        id: 'logout',
        src: 'logout',
        // Spec §4: after logout go Home and fetch the user again (the session may outlive a failed call).
        onDone: {
          target: 'fetchingUser',
          actions: [
            { type: 'setUser', params: null },
            { type: 'succeed', params: 'logout' },
            { type: 'notify', params: ({ event }) => noticeOf(event) },
            { type: 'navigate', params: PATHS.home },
          ],
        },
        onError: { target: 'fetchingUser', actions: failed('logout') },
      },
    },
    sendingResetLink: {
      tags: 'busy',
      entry: 'startRequest',
      on: { CANCEL: { target: 'resolving', actions: 'stopLoading' } },
      invoke: {
        id: 'forgotPassword',
        src: 'forgotPassword',
        input: ({ event }: { event: AuthEvent }) => (event as Extract<AuthEvent, { type: 'FORGOT' }>).input,
        onDone: { target: 'resolving', actions: succeeded('forgot', PATHS.home) },
        onError: { target: 'resolving', actions: failed('forgot') },
      },
    },
    resettingPassword: {
      tags: 'busy',
      entry: 'startRequest',
      on: { CANCEL: { target: 'resolving', actions: 'stopLoading' } },
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ event }: { event: AuthEvent }) => (event as Extract<AuthEvent, { type: 'RESET' }>).input,
        onDone: { target: 'resolving', actions: succeeded('reset', PATHS.home) },
        onError: { target: 'resolving', actions: failed('reset') },
      },
    },
    verifyingEmail: {
      tags: 'busy',
      entry: 'startRequest',
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ event }: { event: AuthEvent }) => (event as Extract<AuthEvent, { type: 'VERIFY' }>).input,
        // Re-fetch rather than trust the response's user: the link may be opened without a session.
        onDone: { target: 'fetchingUser', actions: succeeded('verify', PATHS.emailSuccess) },
        onError: { target: 'resolving', actions: failed('verify') },
      },
    },
    resendingVerification: {
      tags: 'busy',
      entry: 'startRequest',
      on: { CANCEL: { target: 'resolving', actions: 'stopLoading' } },
      invoke: {
        id: 'resendVerification',
        src: 'resendVerification',
        onDone: { target: 'resolving', actions: succeeded('resend') },
        onError: { target: 'resolving', actions: failed('resend') },
      },
    },
  },
});

function succeeded(op: AuthOp, to?: string) {
  const actions = [
    { type: 'succeed' as const, params: op },
    { type: 'notify' as const, params: ({ event }: { event: unknown }) => noticeOf(event) },
  ];
  return to ? [...actions, { type: 'navigate' as const, params: to }] : actions;
}

function failed(op: AuthOp) {
  return [
    { type: 'fail' as const, params: ({ event }: { event: unknown }) => ({ op, error: (event as ErrorEvent).error }) },
    { type: 'notify' as const, params: ({ event }: { event: unknown }) => failureOf(event).notice },
  ];
}

export type AuthMachine = typeof authMachine;
