import { useLayoutEffect } from 'react';
import type { Actor } from 'xstate';
import { useSelector } from '@xstate/react';
import i18n from 'i18next';
import { navigate } from 'wouter/use-browser-location';
import { createActor, useActorRef } from '../../app/actors';
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

const hotelLogic = hotelBookingMachine.provide({ actors: hotelActors(() => i18n.language) });

/** What the flow's emitted events do in the browser; returns the unsubscribe. */
function follow(actor: HotelFlowActor, role: HotelRole): () => void {
  const subs = [
    actor.on('notify', (e) => notify(e.notice)),
    // The machine names the screen; the path depends on who books and, for details and results, on the stay.
    actor.on('show', (e) => {
      const c = actor.getSnapshot().context;
      if (e.screen === 'checkout') navigate(hotelCheckoutPath(role));
      else if (e.screen === 'details' && c.query && c.hotelId) navigate(stayHref(hotelDetailsPath(role), c.query, { hotel: c.hotelId }));
      else if (e.screen === 'results' && c.query) navigate(stayHref(hotelResultsPath(role), c.query));
    }),
    actor.on('redirect', (e) => leaveFor(e.url, i18n.language)),
  ];
  return () => subs.forEach((s) => s.unsubscribe());
}

export function makeHotelFlowActor(input: HotelBookingInput): HotelFlowActor {
  const actor = createActor(hotelLogic, { input });
  follow(actor, input.role);
  actor.start();
  return actor;
}

/**
 * The payment-result page's own flow (it starts from a tracker): made idle, started once the page is committed and
 * stopped when it goes, so a render React throws away starts no second flow (see usePageFlowActor). Keyed by its
 * caller on what it starts from.
 */
export function usePageHotelFlowActor(input: HotelBookingInput): HotelFlowActor {
  const actor = useActorRef(hotelLogic, { input });
  useLayoutEffect(() => follow(actor, input.role), [actor, input.role]);
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
