import { fromPromise } from 'xstate';
import type { ImportResult, MemoState, StatementDetail, StatementSummary } from '../../../contract/reconciliation';
import type { ItemResponse } from '../../../contract/http';
import type { ImportInput, MemoMove } from '../../../machines/reconciliation';
import { request } from '../../api/client';
import { fail, get, send } from '../../api/calls';
import './strings';
import type { ExportKind } from '../../../contract/reconciliation';

/** Every call the reconciliation screens make; each takes an abort signal and throws a Failure. */
const BASE = '/reconciliation/statements';

export const listStatements = (signal?: AbortSignal) => get<ItemResponse<StatementSummary[]>>(BASE, {}, signal);

/** The API's own path for an export, for a download link (the session cookie goes with it). */
export const exportHref = (id: number, kind: ExportKind) => `/api${BASE}/${id}/export/${kind}`;

async function importStatement(input: ImportInput, signal: AbortSignal) {
  const form = new FormData();
  if (input.file instanceof File) form.set('file', input.file);
  form.set('from', input.from);
  form.set('to', input.to);
  const res = await request<{ message: string; data: ImportResult }>(BASE, { method: 'POST', body: form, signal }).catch(fail);
  return { ...res.data, message: res.message };
}

const loadStatement = async ({ id }: { id: number }, signal: AbortSignal) => (await get<ItemResponse<StatementDetail>>(`${BASE}/${id}`, {}, signal)).data;

const setMemo = ({ statementId, lineId, state }: MemoMove, signal: AbortSignal) =>
  send<{ message: string }>('POST', `${BASE}/${statementId}/lines/${lineId}/memo`, { state: state satisfies MemoState }, signal);

async function closeStatement({ id }: { id: number }, signal: AbortSignal) {
  const res = await send<{ message: string; data: StatementDetail }>('POST', `${BASE}/${id}/close`, {}, signal);
  return { ...res.data, message: res.message };
}

const calling = <I, O>(fn: (input: I, signal: AbortSignal) => Promise<O>) => fromPromise(({ input, signal }: { input: I; signal: AbortSignal }) => fn(input, signal));

/** The reconciliation machine's calls. */
export const reconciliationActors = {
  importStatement: calling(importStatement),
  loadStatement: calling(loadStatement),
  setMemo: calling(setMemo),
  closeStatement: calling(closeStatement),
};
