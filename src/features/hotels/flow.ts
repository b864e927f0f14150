import type { Actor } from 'xstate';
import { useSelector } from '@xstate/react';
import i18n from 'i18next';
import { navigate } from 'wouter/use-browser-location';
import { createActor } from '../../app/actors';
import { hotelBookingMachine, type HotelBookingInput, type HotelRole } from '../../../machines/hotel-booking';
import { notify } from '../../ui/toast';
import { leaveFor } from '../flights/api';
import { hotelActors } from './api';
import { hotelCheckoutPath, hotelDetailsPath, hotelResultsPath, stayHref } from './paths';

/**
 * The app-level hotel flow actor: one per role, kept while the traveller moves from results to the voucher, so a
 * screen only reads it. The payment-result page makes its own (it starts from a tracker).
 */
export type HotelFlowActor = Actor<typeof hotelBookingMachine>;
let current: { role: HotelRole; actor: HotelFlowActor } | null = null;

export function makeHotelFlowActor(input: HotelBookingInput): HotelFlowActor {
  const actor = createActor(hotelBookingMachine.provide({ actors: hotelActors(() => i18n.language) }), { input });
  actor.on('notify', (e) => notify(e.notice));
  // The machine names the screen; the path depends on who books and, for details and results, on the stay.
  actor.on('show', (e) => {
    const c = actor.getSnapshot().context;
    if (e.screen === 'checkout') navigate(hotelCheckoutPath(input.role));
    else if (e.screen === 'details' && c.query && c.hotelId) navigate(stayHref(hotelDetailsPath(input.role), c.query, { hotel: c.hotelId }));
    else if (e.screen === 'results' && c.query) navigate(stayHref(hotelResultsPath(input.role), c.query));
  });
  actor.on('redirect', (e) => leaveFor(e.url, i18n.language));
  actor.start();
  return actor;
}

export function hotelFlowActor(role: HotelRole): HotelFlowActor {
  if (!current || current.role !== role) {
    current?.actor.stop();
    current = { role, actor: makeHotelFlowActor({ role }) };
  }
  return current.actor;
}

export const useHotelFlow = (actor: HotelFlowActor) => useSelector(actor, (s) => s);
