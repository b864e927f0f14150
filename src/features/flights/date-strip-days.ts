import { useEffect, useMemo } from 'react';
import { addDays, MAX_DAYS_AHEAD } from '../../../contract/flight-choices';
import { GRID_SPREAD, type FlightGrid, type GridCell, type PriceMark } from '../../../contract/flight-calendar';
import type { Money } from '../../../contract/money';
import type { SearchParams } from '../../../machines/flight-booking';
import { priceCalendarMachine, type CalendarRoute } from '../../../machines/price-calendar';
import { priceGridMachine, type GridRequest } from '../../../machines/price-grid';
import { useMachine } from '../../app/actors';
import { calendarActors, gridActors } from './calendar-api';
import { sameRoute } from './price-notes';

/** A day of the strip above results: its lowest price once known (`loaded`), and whether it may be chosen. */
export interface StripDay { date: string; price: Money | null; mark: PriceMark | null; loaded: boolean; choosable: boolean }

const calendarLogic = priceCalendarMachine.provide({ actors: calendarActors });
const gridLogic = priceGridMachine.provide({ actors: gridActors });

export const todayIso = () => new Date().toISOString().slice(0, 10);
/** The chosen day and three either side. */
export const around = (day: string) => Array.from({ length: 2 * GRID_SPREAD + 1 }, (_, i) => addDays(day, i - GRID_SPREAD));
/** A day search answers for: from today to the schedule's horizon (and, on a return trip, not after the return). */
export const choosable = (day: string, ret?: string | null) => {
  const today = todayIso();
  return day >= today && day <= addDays(today, MAX_DAYS_AHEAD) && (!ret || day <= ret);
};

/** The calendar's route of a one-way or return search in the address, or null (multi-city, or incomplete). */
export function routeOf(q: SearchParams | null): CalendarRoute | null {
  if (!q || q.flightType === 'multi-city' || typeof q.origin !== 'string' || typeof q.destination !== 'string' || typeof q.departure_date !== 'string') return null;
  return {
    origin: q.origin, destination: q.destination, adults: Number(q.adults ?? 1) || 1, children: Number(q.children ?? 0) || 0, infants: Number(q.infants ?? 0) || 0,
    cabin_class: (String(q.cabin_class ?? 'Y') as CalendarRoute['cabin_class']),
  };
}

/**
 * One-way: the days from the price calendar's months (the price-calendar machine, one month asked at a time, the
 * second when the seven days cross into it). A month that failed is not asked again until the day changes.
 */
export function useOneWayDays(route: CalendarRoute, day: string): { days: StripDay[]; busy: boolean; failed: boolean } {
  const [state, , actor] = useMachine(calendarLogic);
  const dates = useMemo(() => around(day), [day]);
  const thisMonth = todayIso().slice(0, 7);
  const needed = useMemo(() => [...new Set(dates.map((d) => d.slice(0, 7)))].filter((m) => m >= thisMonth), [dates, thisMonth]);
  const kept = sameRoute(state.context.route, route) ? state.context.months : {};
  const next = needed.find((m) => !(m in kept));
  const stuck = state.matches('unavailable') && state.context.month === next && sameRoute(state.context.route, route);
  const busy = state.matches('loading');
  useEffect(() => {
    if (next && !busy && !stuck) actor.send({ type: 'OPEN', route, month: next });
  }, [actor, route, next, busy, stuck]);
  const days = dates.map((date): StripDay => {
    const d = kept[date.slice(0, 7)]?.days[Number(date.slice(8, 10)) - 1];
    return { date, price: d?.price ?? null, mark: d?.mark ?? null, loaded: !!d || !choosable(date), choosable: choosable(date) };
  });
  return { days, busy: busy || (!!next && !stuck), failed: stuck };
}

/** Return: the grid around both dates (the price-grid machine); the strip shows its row with the searched return. */
export function useReturnGrid(route: CalendarRoute, depart: string, ret: string): { grid: FlightGrid | null; days: StripDay[]; busy: boolean; failed: boolean } {
  const [state, send] = useMachine(gridLogic);
  const request = useMemo((): GridRequest => ({ route, depart, ret }), [route, depart, ret]);
  useEffect(() => { send({ type: 'LOAD', request }); }, [send, request]);
  const grid = state.context.grid;
  const byDepart = new Map<string, GridCell>((grid?.cells ?? []).filter((c) => c.return_date === ret).map((c) => [c.departure_date, c]));
  const days = around(depart).map((date): StripDay => {
    const c = byDepart.get(date);
    return { date, price: c?.price ?? null, mark: c?.mark ?? null, loaded: !!grid || !choosable(date, ret), choosable: choosable(date, ret) };
  });
  return { grid, days, busy: state.matches('loading') || state.matches('idle'), failed: state.matches('unavailable') };
}
