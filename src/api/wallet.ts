import { walletOf } from '../../contract/http';
import type { WalletFigures } from '../../machines/wallet-balance';

/**
 * The agent's wallet balance as the server's answers name it (WALLET_HEADER, on every change the agent makes and on
 * the bell's poll, with WALLET_CREDIT_HEADER beside it for an agent on credit): whoever holds the balance listens
 * here, so a movement shows at once, whichever flow made it.
 */
const listeners = new Set<(figures: WalletFigures) => void>();

/** Called with each answer's wallet and credit headers. */
export function heardWallet(header: string | null | undefined, creditHeader: string | null | undefined): void {
  const balance = walletOf(header);
  if (balance) for (const listen of listeners) listen({ balance, credit: walletOf(creditHeader) });
}

export function onWalletHeard(listen: (figures: WalletFigures) => void): () => void {
  listeners.add(listen);
  return () => listeners.delete(listen);
}
