/**
 * What a segment's status code means for the booking: the codes that hold a seat, and for the others what the
 * agent has to act on. Decided by the code alone, never by how the line looks.
 */
import type { SegmentChange } from './types';

interface StatusMeaning { confirmed: boolean; change: SegmentChange | null }

const STATUSES: Record<string, StatusMeaning> = {
  HK: { confirmed: true, change: null },
  SS: { confirmed: true, change: null },
  KK: { confirmed: true, change: null },
  RR: { confirmed: true, change: null },
  DK: { confirmed: true, change: null },
  GK: { confirmed: true, change: null },
  HS: { confirmed: true, change: null },
  TK: { confirmed: true, change: 'time_change' },
  KL: { confirmed: true, change: null },
  HL: { confirmed: false, change: 'waitlisted' },
  LL: { confirmed: false, change: 'waitlisted' },
  UU: { confirmed: false, change: 'waitlisted' },
  PN: { confirmed: false, change: 'waitlisted' },
  UC: { confirmed: false, change: 'unconfirmed' },
  US: { confirmed: false, change: 'unconfirmed' },
  UN: { confirmed: false, change: 'canceled' },
  HX: { confirmed: false, change: 'canceled' },
  XX: { confirmed: false, change: 'canceled' },
  XK: { confirmed: false, change: 'canceled' },
  NO: { confirmed: false, change: 'no_action' },
  WK: { confirmed: false, change: 'schedule_change' },
  SC: { confirmed: false, change: 'schedule_change' },
  WL: { confirmed: false, change: 'waitlisted' },
};

export const isStatus = (code: string) => code in STATUSES;
export const statusMeaning = (code: string): StatusMeaning | null => STATUSES[code] ?? null;
