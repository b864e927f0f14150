import { assign, enqueueActions, fromPromise, type AnyEventObject, type PromiseActorLogic } from 'xstate';
import { toFailure, type Failure, type Notice } from './notice';

/**
 * The one piece every machine that calls the server shares: a call's failure is kept in context (the toast and
 * the first message per field, the only one a form shows) and shown once as a notice; a success carrying a server message is
 * shown too; both are cleared when the next call starts. Machines spread `requestActions` into
 * `setup({ actions })` and name them on their invokes:
 *
 *   invoke: { src, onDone: [..., 'notifySuccess'], onError: { target, actions: 'failAndNotify' } }
 *   state:  { entry: 'clearErrors' }
 *
 * Why shared actions and not a child request machine: a child's emitted events do not reach the screen, and a
 * call's outcome usually changes the parent's state anyway; one named action keeps the chart readable.
 */

/** The part of a machine's context that a failed call fills. */
export interface RequestState {
  failure: Failure | null;
  fieldErrors: Record<string, string>;
}

export const NO_FAILURE: RequestState = { failure: null, fieldErrors: {} };

/** The toast of a failure: the server's text, or the generic "Something went wrong.". */
export const failureNotice = (error: unknown): Notice => toFailure(error).notice ?? { status: 'error', key: 'errors.generic' };

/** A failure as context: what the toast said and the first message per field. */
export const failedWith = (error: unknown): RequestState => {
  const failure = toFailure(error);
  return { failure, fieldErrors: failure.fieldErrors };
};

/** The notice a machine emits for the screen to show as a toast. */
export interface NotifyEmitted { type: 'notify'; notice: Notice }
/** Where the screen should go next (a path of src/app/routes.ts). */
export interface NavigateEmitted { type: 'navigate'; to: string }

/** A call's answer that carries a message for the user. */
export interface Said { message?: string }

type ErrorEvent = AnyEventObject & { error?: unknown };
type DoneEvent = AnyEventObject & { output?: Said | null };
// The enqueue helpers as these loosely typed actions use them.
interface Enqueue { assign(values: RequestState): void; emit(event: NotifyEmitted): void }

/**
 * The shared actions. Typed loosely on purpose: they only read `event.error` / `event.output.message` and
 * write the `RequestState` fields, which every machine that spreads them has.
 */
export const requestActions = {
  clearErrors: assign(() => NO_FAILURE) as never,
  /** Keep the failure and show its toast. */
  failAndNotify: enqueueActions(({ event, enqueue }: { event: ErrorEvent; enqueue: Enqueue }) => {
    enqueue.assign(failedWith(event.error));
    enqueue.emit({ type: 'notify', notice: failureNotice(event.error) });
  }) as never,
  /** Keep the failure without a toast (a screen shows it in place, e.g. a load that failed with a retry button). */
  fail: assign(({ event }: { event: ErrorEvent }) => failedWith(event.error)) as never,
  /** Show the server's message of a successful call, if it sent one. */
  notifySuccess: enqueueActions(({ event, enqueue }: { event: DoneEvent; enqueue: Enqueue }) => {
    const text = event.output?.message;
    if (text) enqueue.emit({ type: 'notify', notice: { status: 'success', text } });
  }) as never,
};

/** A call a machine needs but the app did not provide: fails loudly so a missing `.provide` is found at once. */
export function missing<O, I>(machine: string, name: string): PromiseActorLogic<O, I> {
  return fromPromise<O, I>(async () => {
    throw new Error(`${machine} actor "${name}" was not provided`);
  });
}
