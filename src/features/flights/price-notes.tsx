import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CURRENCY } from '../../../contract/money';
import { priceCalendarMachine, sameParty, type CalendarRoute } from '../../../machines/price-calendar';
import { useMachine } from '../../app/actors';
import type { DayNotes } from '../../components/date-picker/day-notes';
import { DatePicker, type DatePickerProps } from '../../components/date-picker/DatePicker';
import { calendarActors } from './calendar-api';
import { PriceLegend, usePriceWords } from './price-marks';

const calendarLogic = priceCalendarMachine.provide({ actors: calendarActors });

export const sameRoute = (a: CalendarRoute | null, b: CalendarRoute | null) =>
  !!a && !!b && a.origin === b.origin && a.destination === b.destination && sameParty(a, b) && a.cabin_class === b.cabin_class;

/**
 * A date picker's prices for a route: each day's lowest one-way price and mark under its number, the month asked
 * as the calendar shows it (the price-calendar machine keeps the months already seen). Nothing is asked, and the
 * picker is a plain one, until the route has both airports.
 */
export function usePriceNotes(route: Partial<CalendarRoute> | null): DayNotes | undefined {
  const { t } = useTranslation();
  const words = usePriceWords();
  const [state, , actor] = useMachine(calendarLogic);
  const { origin, destination, adults, cabin_class } = route ?? {};
  const asked = useMemo(
    () => (origin && destination && adults && cabin_class ? { origin, destination, adults, cabin_class } : null),
    [origin, destination, adults, cabin_class],
  );
  // Opening (or coming back to the days) asks with the route as it is then; paging asks for the next month.
  const onMonth = useCallback((month: string | null) => {
    if (!month) actor.send({ type: 'CLOSE' });
    else if (asked) actor.send(actor.getSnapshot().matches('idle') ? { type: 'OPEN', route: asked, month } : { type: 'MONTH', month });
  }, [actor, asked]);
  const { months, route: held, month } = state.context;
  const current = sameRoute(held, asked);
  const shown = current && month ? months[month] : undefined;
  const currency = shown?.days.find((d) => d.price)?.price?.currency ?? DEFAULT_CURRENCY;
  const status = !current ? null : state.matches('loading') ? t('flights.calendar.loading') : state.matches('unavailable') ? t('flights.calendar.unavailable') : null;

  return useMemo(() => {
    if (!asked) return undefined;
    return {
      onMonth,
      note: (date: string) => {
        const day = current ? months[date.slice(0, 7)]?.days[Number(date.slice(8, 10)) - 1] : undefined;
        if (!day || day.date !== date) return null;
        return { text: words.short(day.price, day.mark), label: words.label(day.price, day.mark), tone: day.mark ?? undefined };
      },
      legend: <PriceLegend currency={currency} oneWay status={status} />,
    };
  }, [asked, onMonth, current, months, words, currency, status]);
}

/** A date picker with the prices of its own route (a multi-city leg's). */
export function PricedDatePicker({ route, ...props }: Omit<DatePickerProps, 'notes'> & { route: Partial<CalendarRoute> }) {
  return <DatePicker {...props} notes={usePriceNotes(route)} />;
}
