/** Envelopes: lists answer {data, meta: {page, per_page, total}}, items {data}, saves {message, data}. */
export interface ListMeta { page: number; per_page: number; total: number }
export interface ListResponse<T> { data: T[]; meta: ListMeta }
export interface ItemResponse<T> { data: T }
export interface SaveResponse<T> { message: string; data: T }

/** A message object some responses carry. */
export interface StatusMessage { status: 'success' | 'error' | 'warning' | 'info'; description: string }

/**
 * The response header naming the app build a server serves: the hash in its index.html's shell script name
 * (`/assets/shell-7a3b46aa.js` → `7a3b46aa`), which changes whenever the entry or any screen's chunk does.
 */
export const BUILD_HEADER = 'x-safar-build';
export const buildOf = (markup: string | null | undefined): string | null => /\/assets\/shell-([\w-]+)\.js/.exec(markup ?? '')?.[1] ?? null;

/**
 * The response header an agent's answers carry when the agent's wallet may have moved (any change it made, and the
 * bell's poll): the balance after, as "PKR 45250.50", so the app's wallet shows it at once without asking.
 */
export const WALLET_HEADER = 'x-safar-wallet';
export const walletHeaderValue = (m: { amount: string; currency: string }) => `${m.currency} ${m.amount}`;
export function walletOf(header: string | null | undefined): { amount: string; currency: string } | null {
  const m = /^([A-Z]{3}) (-?\d+\.\d{2})$/.exec(header ?? '');
  return m ? { currency: m[1], amount: m[2] } : null;
}
