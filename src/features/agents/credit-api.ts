import { fromPromise } from 'xstate';
import { request } from '../../api/client';
import { describeError } from '../../api/messages';
import type { CreditAccount } from '../../../contract/credit';
import type { SaveLimitInput } from '../../../machines/credit-settings';

/** An agent's credit line as staff read it: funds and the history of its limit. */
export const getCredit = (agentId: number, signal?: AbortSignal) =>
  request<{ data: CreditAccount }>(`/agents/${agentId}/credit`, { signal }).then((r) => r.data, (err: unknown) => { throw describeError(err); });

export const saveCreditLimit = ({ agentId, limit }: SaveLimitInput, signal?: AbortSignal) =>
  request<{ data: CreditAccount }>(`/agents/${agentId}/credit`, { method: 'PUT', body: { limit }, signal }).then((r) => r.data, (err: unknown) => { throw describeError(err); });

export const creditActors = {
  loadCredit: fromPromise(({ input, signal }: { input: number; signal: AbortSignal }) => getCredit(input, signal)),
  saveLimit: fromPromise(({ input, signal }: { input: SaveLimitInput; signal: AbortSignal }) => saveCreditLimit(input, signal)),
};
