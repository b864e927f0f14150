/**
 * What a booking's history says beside a change, as data: a key the app words in the reader's language
 * (`bookings.notes.<key>` in the locales) and its values, never a sentence the server wrote in one language or an
 * internal value ("payment: hold", "Quote: paid PKR 38319.00"). Amounts travel as minor units in params named
 * `*_minor` with the params' `currency`; days (YYYY-MM-DD) in params named `*_day`. What a person wrote (a reason)
 * stays as written, beside it. A provider's or supplier's reference is a `ref`, shown to staff only.
 *
 * Stored in the history's text column as JSON; a note written before (or by a person) reads as text.
 */
export const EVENT_NOTE_KEYS = [
  'created_hold', 'created_wallet', 'created_card', 'paid_card', 'hold_expired', 'entered_manual', 'entered_supplier', 'entered_display',
  'void_refund', 'refund_quote', 'refund_started', 'refund_paid', 'reissued',
] as const;
export type EventNoteKey = (typeof EVENT_NOTE_KEYS)[number];
export type EventNoteParams = Record<string, string | number>;
export interface EventNote { key: EventNoteKey; params: EventNoteParams }

/** The note column's text for a worded note, and a person's own words beside it. */
export function encodeEventNote(note: EventNote, text?: string | null): string {
  return JSON.stringify({ key: note.key, params: note.params, ...(text ? { text } : {}) });
}

/** A stored note as the API sends it: the worded part (`say`) and any text as written (`note`). */
export function decodeEventNote(stored: string | null): { say: EventNote | null; note: string | null } {
  if (!stored?.startsWith('{"key":')) return { say: null, note: stored };
  try {
    const v = JSON.parse(stored) as { key: string; params?: EventNoteParams; text?: string };
    if (!(EVENT_NOTE_KEYS as readonly string[]).includes(v.key)) return { say: null, note: v.text ?? null };
    return { say: { key: v.key as EventNoteKey, params: v.params ?? {} }, note: v.text ?? null };
  } catch {
    return { say: null, note: stored };
  }
}
