import { useLayoutEffect } from 'react';
import type { Actor } from 'xstate';
import { createActor, useActorRef } from '../../app/actors';
import { useSelector } from '@xstate/react';
import i18n from 'i18next';
import { navigate } from 'wouter/use-browser-location';
import { flightBookingMachine, type FlightBookingInput, type Role } from '../../../machines/flight-booking';
import { notify } from '../../ui/toast';
import { flightActors, leaveFor } from './api';
import { checkoutPath } from './useRole';

/**
 * The app-level booking flow actor: one per role, kept while the user moves from results to checkout, so a
 * screen only reads it. The payment-result page makes its own (it starts from a tracker).
 */
export type FlowActor = Actor<typeof flightBookingMachine>;
let current: { role: Role; actor: FlowActor } | null = null;

const flowLogic = flightBookingMachine.provide({ actors: flightActors(() => i18n.language) });

/** What the flow's emitted events do in the browser; returns the unsubscribe. */
function follow(actor: FlowActor, role: Role): () => void {
  const subs = [
    actor.on('notify', (e) => notify(e.notice)),
    // The machine names the screen; the path depends on who books (an agent's checkout is in the agent area).
    actor.on('show', () => navigate(checkoutPath(role))),
    actor.on('redirect', (e) => leaveFor(e.url, i18n.language)),
  ];
  return () => subs.forEach((s) => s.unsubscribe());
}

export function makeFlowActor(input: FlightBookingInput): FlowActor {
  const actor = createActor(flowLogic, { input });
  follow(actor, input.role);
  actor.start();
  return actor;
}

/**
 * A page's own flow (the payment result starts from a tracker): made idle, started once the page is committed and
 * stopped when it goes. Made during render instead, a render React throws away (the first render is a transition,
 * which "who am I" answering can restart) would leave a second flow running the same calls. Keyed by its caller on
 * what it starts from.
 */
export function usePageFlowActor(input: FlightBookingInput): FlowActor {
  const actor = useActorRef(flowLogic, { input });
  // Before the actor starts (useActorRef starts it in an effect): nothing it emits is missed.
  useLayoutEffect(() => follow(actor, input.role), [actor, input.role]);
  return actor;
}

export function flowActor(role: Role): FlowActor {
  if (!current || current.role !== role) {
    current?.actor.stop();
    current = { role, actor: makeFlowActor({ role }) };
  }
  return current.actor;
}

export const useFlow = (actor: FlowActor) => useSelector(actor, (s) => s);

export { loadPreviousSearch, savePreviousSearch } from './previous-search';
