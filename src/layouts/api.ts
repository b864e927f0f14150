import type { Money } from '../../contract/money';
import { request } from '../api/client';

/** The layouts' one call: the signed-in agent's wallet balance for the top bar (GET /wallet-balance). */
export const fetchWalletBalance = (signal?: AbortSignal) =>
  request<{ data: { balance: Money } }>('/wallet-balance', { signal }).then((r) => r.data.balance);
