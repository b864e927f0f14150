import type { WalletFunds } from '../../contract/credit';
import type { WalletFigures } from '../../machines/wallet-balance';
import { request } from '../api/client';

/** The layouts' one call: the signed-in agent's wallet balance and credit limit for the top bar (GET /wallet-balance). */
export const fetchWalletBalance = (signal?: AbortSignal): Promise<WalletFigures> =>
  request<{ data: WalletFunds }>('/wallet-balance', { signal }).then(({ data }) => ({
    balance: data.balance,
    credit: Number(data.credit_limit.amount) > 0 ? data.credit_limit : null,
  }));
