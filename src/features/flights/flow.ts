import type { Actor } from 'xstate';
import { createActor } from '../../app/actors';
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

export function makeFlowActor(input: FlightBookingInput): FlowActor {
  const actor = createActor(flightBookingMachine.provide({ actors: flightActors(() => i18n.language) }), { input });
  actor.on('notify', (e) => notify(e.notice));
  // The machine names the screen; the path depends on who books (an agent's checkout is in the agent area).
  actor.on('show', () => navigate(checkoutPath(input.role)));
  actor.on('redirect', (e) => leaveFor(e.url, i18n.language));
  actor.start();
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
