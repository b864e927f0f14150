import { fromPromise } from 'xstate';
import type { FlightChangeResult, RebookOption, ScheduleChange, ScheduleChangeRow } from '../../../contract/schedule-changes';
import type { ItemResponse } from '../../../contract/http';
import { request } from '../../api/client';
import { describeError } from '../../api/messages';
import { fail, get } from '../../api/calls';
import type { AnswerInput, RebookInput, ResponseFailure } from '../../../machines/schedule-change-response';

/** Airline schedule changes: a booking's changes and the owner's answers, the staff worklist, the console's change. */
const base = (pnr: string) => `/bookings/flight/${encodeURIComponent(pnr)}/schedule-changes`;

export const listScheduleChanges = (pnr: string) => (signal?: AbortSignal) => get<ItemResponse<ScheduleChange[]>>(base(pnr), {}, signal);
export const scheduleChangeWorklist = (status: string) => (signal?: AbortSignal) => get<ItemResponse<ScheduleChangeRow[]>>('/schedule-changes', { status }, signal);

/** One key per submission is not needed: the same change applied twice records once. */
export const changeFlight = (body: unknown, signal?: AbortSignal) =>
  request<{ message: string; data: FlightChangeResult }>('/supplier-console/flight-changes', { method: 'POST', body: body as Record<string, unknown>, signal }).catch(fail);

/** A failed call as the answer machine reads it: the notice and the HTTP status. */
const failure = (err: unknown): ResponseFailure => {
  const e = err as { status?: number; statusCode?: number };
  return { ...describeError(err), status: e.status ?? e.statusCode };
};
const call = <O, I>(fn: (input: I, signal: AbortSignal) => Promise<O>) => fromPromise<O, I>(async ({ input, signal }) => {
  try {
    return await fn(input, signal);
  } catch (err) {
    throw failure(err);
  }
});
type Answered = { message: string; data: ScheduleChange };
const post = (path: string, signal: AbortSignal, body: Record<string, unknown> = {}) => request<Answered>(path, { method: 'POST', body, signal });

export const responseActors = {
  accept: call<Answered, AnswerInput>((i, signal) => post(`${base(i.pnr)}/${i.id}/accept`, signal)),
  refund: call<Answered, AnswerInput>((i, signal) => post(`${base(i.pnr)}/${i.id}/refund`, signal)),
  cancel: call<Answered, AnswerInput>((i, signal) => post(`${base(i.pnr)}/${i.id}/cancel`, signal)),
  rebook: call<Answered, RebookInput>((i, signal) => post(`${base(i.pnr)}/${i.id}/rebook`, signal, { offer_id: i.offer_id })),
  loadOptions: call<RebookOption[], AnswerInput>(async (i, signal) => (await request<{ data: RebookOption[] }>(`${base(i.pnr)}/${i.id}/options`, { signal })).data),
};
