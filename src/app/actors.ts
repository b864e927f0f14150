import { createActor as createXActor, type AnyActor, type InspectionEvent, type Observer } from 'xstate';
import { useActorRef as useXActorRef, useMachine as useXMachine } from '@xstate/react';
import { LIVE_CHANNEL } from '../features/flows/live/protocol';

/**
 * Create every app actor through these three (same signatures as xstate's and @xstate/react's), so the statechart
 * explorer (/admin/flows) open in another tab of this browser can watch it live. This file is all the live
 * feature costs a page: it remembers the tab's machine actors and listens on a BroadcastChannel; only when an
 * explorer says hello does it load the publisher (features/flows/live/publish.ts), which sends masked events and
 * states from then on.
 */

const machines = new Set<AnyActor>();
/** Who hears the tab's machines: the explorer's publisher once one said hello, a support session's relay while joined. */
const listeners = new Set<(e: InspectionEvent) => void>();
let publishing = false;

/** Another listener of the tab's machines, given the set of those running; the function returned removes it. */
export function listenToMachines(make: (running: ReadonlySet<AnyActor>) => (e: InspectionEvent) => void): () => void {
  const listener = make(machines);
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/**
 * The tab's running machines, kept from the actors' own lifecycle events and never by reading a snapshot: an actor
 * is reported as it is constructed, before it has a snapshot, and so is every actor it invokes while it computes its
 * first state; reading the parent's snapshot then throws in xstate's development build and answers nothing in its
 * production one (so the parent was lost). A machine counts from its start (an actor made and dropped unstarted,
 * as React's strict mode does, never runs) until a snapshot says it is no longer active.
 */
export function trackMachine(e: InspectionEvent, running: Set<AnyActor>) {
  const ref = e.actorRef as AnyActor;
  if (!('root' in (ref.logic ?? {}))) return; // machines only; promise calls show as their events
  if (e.type === '@xstate.event' && e.event.type === 'xstate.init') running.add(ref);
  else if (e.type === '@xstate.snapshot' && (e.snapshot as { status?: string }).status !== 'active') running.delete(ref);
}

function inspect(e: InspectionEvent) {
  // A machine joins before its start is published and leaves after its last snapshot is.
  if (e.type === '@xstate.event') trackMachine(e, machines);
  listeners.forEach((listener) => listener(e));
  if (e.type === '@xstate.snapshot') trackMachine(e, machines);
}

if (typeof BroadcastChannel !== 'undefined') {
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  channel.onmessage = (m: MessageEvent<{ type?: string; id?: string }>) => {
    if (m.data?.type !== 'explorer' || publishing) return;
    publishing = true;
    channel.onmessage = null;
    void import('../features/flows/live/publish').then((p) => { listeners.add(p.startPublishing(channel, machines, m.data.id ?? '')); });
  };
  channel.postMessage({ type: 'app' }); // an explorer already open answers with its hello
}

type Inspect = Observer<InspectionEvent> | ((e: InspectionEvent) => void) | undefined;
const withLive = (own: Inspect) => (e: InspectionEvent) => {
  inspect(e);
  if (typeof own === 'function') own(e);
  else own?.next?.(e);
};

// The wrappers only add `inspect`; xstate's overloads (input required or not) are kept by reusing their types.
export const createActor = ((logic: never, options?: { inspect?: Inspect }) =>
  createXActor(logic, { ...options, inspect: withLive(options?.inspect) } as never)) as unknown as typeof createXActor;
export const useMachine = ((machine: never, options?: { inspect?: Inspect }) =>
  useXMachine(machine, { ...options, inspect: withLive(options?.inspect) } as never)) as unknown as typeof useXMachine;
export const useActorRef = ((logic: never, options?: { inspect?: Inspect }, observer?: never) =>
  useXActorRef(logic, { ...options, inspect: withLive(options?.inspect) } as never, observer)) as unknown as typeof useXActorRef;
