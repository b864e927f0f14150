import type { Column } from './table';

interface Booker { id: number; name: string }

/**
 * "Booked by" for an agency reading its own list: which of its users made each purchase. Shown once the page holds
 * a row someone other than the reader booked (an agency's or a branch admin's list with its bookers' rows); a
 * booker, who lists only their own, never sees it.
 */
export function bookedByColumn<R>(rows: readonly R[], bookerOf: (row: R) => Booker | null, me: { id: number } | null | undefined, words: { label: string; you: string }): Column<R>[] {
  if (!me || !rows.some((r) => { const b = bookerOf(r); return b !== null && b.id !== me.id; })) return [];
  return [{
    key: 'booked_by', label: words.label,
    render: (r) => { const b = bookerOf(r); return !b ? '—' : b.id === me.id ? words.you : <bdi>{b.name}</bdi>; },
  }];
}
