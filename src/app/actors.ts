import { createActor as createXActor, type AnyActor, type InspectionEvent, type Observer } from 'xstate';
import { useActorRef as useXActorRef, useMachine as useXMachine } from '@xstate/react';

/**
 * Create every app actor through these three (same signatures as xstate's and @xstate/react's), so the statechart
 * explorer (/admin/flows) open in another tab of this browser can watch it live. This file is all the live
 * feature costs a page: it remembers the tab's machine actors and listens on a BroadcastChannel; only when an
 * explorer says hello does it load the publisher (features/flows/live/publish.ts), which sends masked events and
 * states from then on.
 */

export const LIVE_CHANNEL = 'safar-flows';
const machines = new Set<AnyActor>();
let publish: ((e: InspectionEvent) => void) | null = null;

function inspect(e: InspectionEvent) {
  if (e.type === '@xstate.actor') {
    const ref = e.actorRef as AnyActor;
    if ('root' in (ref.logic ?? {})) machines.add(ref); // machines only; promise calls show as their events
    // Forget stopped ones (an actor reports itself before it has a snapshot, hence the `?.`).
    for (const m of machines) if (m !== ref && m.getSnapshot()?.status !== 'active') machines.delete(m);
  }
  publish?.(e);
}

if (typeof BroadcastChannel !== 'undefined') {
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  channel.onmessage = (m: MessageEvent<{ type?: string; id?: string }>) => {
    if (m.data?.type !== 'explorer' || publish) return;
    channel.onmessage = null;
    void import('../features/flows/live/publish').then((p) => { publish = p.startPublishing(channel, machines, m.data.id ?? ''); });
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
