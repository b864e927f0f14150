import { fromPromise } from 'xstate';
import * as v from 'valibot';
import { DirectInput } from '../../../contract/direct-bookings';
import { firstIssues } from '../../ui/issues';
import type { ItemResponse, SaveResponse } from '../../../contract/http';
import type { PnrPreview } from '../../../contract/pnr';
import type { LookUpInput, LookUpResult, WalletShortfall } from '../../../machines/pnr-import';
import { request } from '../../api/client';
import { describeError } from '../../api/messages';
import { get, send } from '../../api/calls';

/** PNR import's calls: look a PNR up (by record locator in the supplier, or a pasted display) and save the booking. */

export async function lookUpPnr(input: LookUpInput, signal?: AbortSignal): Promise<LookUpResult> {
  if (input.how === 'locator') {
    const r = await get<ItemResponse<{ booking: { id: number; pnr: string } | null; preview: PnrPreview | null }>>('/get-pnr-details', { pnr: input.value.trim() }, signal);
    return r.data.booking ? { booking: r.data.booking } : { preview: r.data.preview! };
  }
  return { preview: (await send<ItemResponse<PnrPreview>>('POST', '/parse-pnr', { text: input.value }, signal)).data };
}

/** Staff save a booking for an agent (by hand or from a preview); an agent imports its own PNR. */
const SAVE_PATHS = { staff: '/admin-booking', import: '/import-pnr' } as const;
export type DirectSave = keyof typeof SAVE_PATHS;
export const saveDirectBooking = (how: DirectSave, body: unknown, signal?: AbortSignal) =>
  request<SaveResponse<{ id: number }>>(SAVE_PATHS[how], { method: 'POST', body: body as Record<string, unknown>, signal })
    .then((r) => ({ id: r.data.id, message: r.message }))
    .catch((err: { status?: number; data?: { wallet?: WalletShortfall } }) => {
      // "Insufficient Balance" carries the wallet's figures: the import machine offers to save without ticketing.
      const wallet = err?.status === 422 ? err.data?.wallet : undefined;
      throw wallet ? { ...describeError(err), wallet } : describeError(err);
    });

/** The direct booking checked with the contract's schema before it is sent (the server checks it again, airports included). */
async function checkDirectBooking(body: unknown): Promise<unknown> {
  const parsed = v.safeParse(DirectInput, body);
  if (!parsed.success) throw { notice: null, fieldErrors: firstIssues(parsed.issues) };
  return body;
}

export const pnrImportActors = (how: DirectSave) => ({
  checkBooking: fromPromise(({ input }: { input: { body: unknown } }) => checkDirectBooking(input.body)),
  lookUp: fromPromise(({ input, signal }: { input: LookUpInput; signal: AbortSignal }) => lookUpPnr(input, signal)),
  submitBooking: fromPromise(({ input, signal }: { input: { body: unknown }; signal: AbortSignal }) => saveDirectBooking(how, input.body, signal)),
});
