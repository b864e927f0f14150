import type { ReactNode } from 'react';

/**
 * What a page may add to a date picker's days (a price, say): a few characters under each day's number and what they
 * mean in words, which joins the day's accessible name, since a note seen but not heard would leave a screen reader
 * without it. A picker given notes keeps a note's room in every day from the start, so nothing moves as they arrive.
 */
export interface DayNote {
  /** Shown under the day's number: a few characters. */
  text: string;
  /** Said after the day's name ("PKR 48,200, low price"). */
  label: string;
  /** A kind for the look (data-tone); the text or label must say it too, never the colour alone. */
  tone?: string;
}

export interface DayNotes {
  /** The note of a YYYY-MM-DD day, or null. */
  note: (date: string) => DayNote | null;
  /** The month the days view shows (YYYY-MM) as it opens and pages; null once it closes or leaves the days view. */
  onMonth: (month: string | null) => void;
  /** Under the days: what the notes mean. */
  legend?: ReactNode;
}
