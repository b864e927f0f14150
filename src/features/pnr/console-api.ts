import type { ExternalPnrRow } from '../../../contract/pnr-console';
import type { ItemResponse, SaveResponse } from '../../../contract/http';
import { request } from '../../api/client';
import { fail, get } from '../../api/calls';

/** The supplier console's calls: its PNRs booked through other channels, and a new one. */
export const listExternalPnrs = (signal?: AbortSignal) => get<ItemResponse<ExternalPnrRow[]>>('/supplier-console/pnrs', {}, signal);

/** One key per form submission: a retried or doubled click books one PNR. */
export const createExternalPnr = (body: unknown, key: string, signal?: AbortSignal) =>
  request<SaveResponse<ExternalPnrRow>>('/supplier-console/pnrs', { method: 'POST', body: body as Record<string, unknown>, signal, headers: { 'Idempotency-Key': key } }).catch(fail);
