import type { Money } from '../../contract/money';
import { walletOf } from '../../contract/http';

/**
 * The agent's wallet balance as the server's answers name it (WALLET_HEADER, on every change the agent makes and on
 * the bell's poll): whoever holds the balance listens here, so a movement shows at once, whichever flow made it.
 */
const listeners = new Set<(balance: Money) => void>();

/** Called with each answer's wallet header. */
export function heardWallet(header: string | null | undefined): void {
  const balance = walletOf(header);
  if (balance) for (const listen of listeners) listen(balance);
}

export function onWalletHeard(listen: (balance: Money) => void): () => void {
  listeners.add(listen);
  return () => listeners.delete(listen);
}
