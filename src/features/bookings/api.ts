import { fromPromise } from 'xstate';
import type { Booking } from '../../../contract/bookings';
import type { Money } from '../../../contract/money';
import { request } from '../../api/client';
import { describeError } from '../../api/messages';
import { callOf, type Access, type ActionFailure, type BookingStatus, type RunInput, type RunResult } from '../../../machines/booking-actions';

/** A row of the booking lists (server/booking-ops/lists.ts). */
export interface BookingRow {
  id: number; pnr: string; status: BookingStatus; channel: string; supplier: string; payment_method: string;
  origin: string; destination: string; flight_type: string; departure_date: string; cabin: string;
  lead_passenger: string | null; passengers: number; total: Money; payable: Money;
  agent: { id: number; name: string; company_name: string | null; agent_code: string | null } | null;
  direct: { source: string; margin: Money } | null; offline: boolean;
  created_at: string; ticketed_at: string | null; hold_expires_at: string | null; void_window_closes_at: string | null;
}
export interface ListMetaWithCounts { page: number; per_page: number; total: number; status_counts: Record<'all' | BookingStatus, number> }

/** A booking as the detail screens show it (get-booking-ops-details). */
export interface BookingDetail extends Omit<Booking, 'status'> {
  status: BookingStatus;
  agent: { id: number; name: string; email: string; agent_code: string | null; company_name: string | null } | null;
  access: Access | null;
  offline: boolean;
  void_window_closes_at: string | null;
  void_window_open: boolean;
  void_charge: Money;
  payable: Money;
  direct: { source: string; margin: Money; airline_pnr: string | null; note: string | null; raw_display: string | null; entered_by: number | null; created_at: string } | null;
}

/** The booking actions machine's call: the spec §7 path, the status the user saw, the reason. */
export const runAction = fromPromise<RunResult, RunInput>(async ({ input, signal }) => {
  const call = callOf(input.action);
  try {
    const res = await request<{ message: string }>(call.path, { method: 'POST', body: { id: input.id, status: input.status, reason: input.reason, ...call.body }, signal });
    return { message: res.message };
  } catch (err) {
    const e = err as { status?: number; statusCode?: number };
    const failure: ActionFailure = { ...describeError(err), status: e.status ?? e.statusCode };
    throw failure;
  }
});

export const STATUSES: BookingStatus[] = ['booked', 'ticketed', 'requested', 'voided', 'canceled', 'pending', 'rejected'];
export type { Booking };
