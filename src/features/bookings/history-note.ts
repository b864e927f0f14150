import type { TFunction } from 'i18next';
import type { BookingEvent } from '../../../contract/bookings';
import { isolate, moneyText } from '../../../contract/format/money';
import { formatDay, formatLocal } from '../../../contract/format/time';

/**
 * A history line's notes in the reader's language: a worded note (contract/event-notes) from its key and values,
 * money and days through the shared formatters, each value isolated so a Latin amount or route keeps its order in
 * Arabic; then what a person wrote, as written, apart (it has its own direction). A provider's or supplier's
 * reference is shown to staff only.
 */
export function historyNotes(e: Pick<BookingEvent, 'say' | 'note'>, t: TFunction, lng: string, opts: { technical?: boolean } = {}): string[] {
  return [e.say ? worded(e.say, t, lng, opts) : null, e.note].filter((n): n is string => !!n);
}

function worded(say: NonNullable<BookingEvent['say']>, t: TFunction, lng: string, opts: { technical?: boolean }): string {
  const { key, params } = say;
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k.endsWith('_minor')) values[k.slice(0, -6)] = moneyText(Number(v), String(params.currency ?? 'PKR'));
    else if (k.endsWith('_local')) values[k.slice(0, -6)] = formatLocal(String(v), lng, { year: true });
    else if (k.endsWith('_day')) values[k.slice(0, -4)] = formatDay(String(v), lng);
    else values[k] = String(v);
  }
  const words = t(`bookings.notes.${key}`, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isolate(v)])));
  const ref = opts.technical && params.ref ? ` (${isolate(String(params.ref))})` : '';
  return `${words}${ref}`;
}

/** Who made a change, in words: a staff role, or the guest, the payment provider or the system. */
export const historyActor = (actor: string, t: TFunction) =>
  t(`roles.${actor}`, { defaultValue: t(`bookings.actors.${actor}`, { defaultValue: actor }) });
