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
    isAnalyst: ({ context }) => context.user?.role === 'analyst',
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
        { guard: 'isAnalyst', target: 'ready.signedIn.staff.analyst' },
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
            // Analyst: read-only staff (contract/permissions), a back-office user like the other three.
            staff: { initial: 'admin', states: { admin: {}, accounts: {}, reservation: {}, analyst: {} } },
          },
        },
      },
    },
    loggingIn: request('login', { input: inputOf('LOGIN'), done: signedInAs('login', afterLogin) }),
    registering: request('register', { input: inputOf('REGISTER'), done: signedInAs('register', afterRegister, VERIFY_NOTICE) }),
    registeringAgent: request('registerAgent', { input: inputOf('REGISTER_AGENT'), done: signedInAs('registerAgent', afterRegister) }),
    // After logout go Home and fetch the user again (the session may outlive a failed call).
    loggingOut: request('logout', {
      op: 'logout', cancel: false, doneTarget: 'fetchingUser', failTarget: 'fetchingUser',
      done: [{ type: 'setUser', params: null }, ...succeeded('logout', PATHS.home)],
    }),
    sendingResetLink: request('forgotPassword', { op: 'forgot', input: inputOf('FORGOT'), done: succeeded('forgot', PATHS.home) }),
    resettingPassword: request('resetPassword', { op: 'reset', input: inputOf('RESET'), done: succeeded('reset', PATHS.home) }),
    // Re-fetch rather than trust the response's user: the link may be opened without a session.
    verifyingEmail: request('verifyEmail', { op: 'verify', cancel: false, input: inputOf('VERIFY'), doneTarget: 'fetchingUser', done: succeeded('verify', PATHS.emailSuccess) }),
    resendingVerification: request('resendVerification', { op: 'resend', done: succeeded('resend') }),
  },
});

type Call = 'login' | 'register' | 'registerAgent' | 'logout' | 'forgotPassword' | 'resetPassword' | 'verifyEmail' | 'resendVerification';
type Step = { type: string; params?: unknown };

/**
 * Every auth call is one state of the same shape: busy while it runs, CANCEL (when the form allows it) drops the
 * wait, and the call's success and failure set the forms' flags, show the notice and go on.
 */
function request(src: Call, o: { op?: AuthOp; input?: (a: { event: AuthEvent }) => unknown; done: Step[]; cancel?: boolean; doneTarget?: string; failTarget?: string }) {
  const op = o.op ?? (src as AuthOp);
  return {
    tags: 'busy',
    entry: 'startRequest',
    ...(o.cancel === false ? {} : { on: { CANCEL: { target: 'resolving', actions: 'stopLoading' } } }),
    invoke: {
      id: src,
      src,
      ...(o.input ? { input: o.input } : {}),
      onDone: { target: o.doneTarget ?? 'resolving', actions: o.done },
      onError: { target: o.failTarget ?? 'resolving', actions: failed(op) },
    },
  } as never; // one shape for eight calls whose inputs differ: XState types each invoke by its own source
}

/** The input a form's event carries. */
function inputOf(type: AuthEvent['type']) {
  return ({ event }: { event: AuthEvent }) => (event.type === type && 'input' in event ? event.input : undefined);
}

/** Signed in (or registered): keep the user, say so, and go where that user belongs. */
function signedInAs(op: AuthOp, next: (u: User) => string, extra?: Notice): Step[] {
  return [
    { type: 'setUser', params: ({ event }: { event: unknown }) => (event as DoneEvent).output.user ?? null },
    { type: 'succeed', params: op },
    { type: 'notify', params: ({ event }: { event: unknown }) => noticeOf(event) },
    ...(extra ? [{ type: 'notify', params: extra }] : []),
    { type: 'navigate', params: ({ event }: { event: unknown }) => ((event as DoneEvent).output.user ? next((event as DoneEvent).output.user!) : PATHS.home) },
  ];
}

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
