import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Money } from '../../contract/money';
import { walletBalanceMachine, type WalletFigures } from '../../machines/wallet-balance';
import { createActor } from '../app/actors';
import { onWalletHeard } from '../api/wallet';
import { fetchWalletBalance } from './api';

/**
 * The tab's one wallet balance (machines/wallet-balance.ts), created once: the top bar and every screen that shows
 * the balance read it, and every answer that names the balance after a movement reaches it (api/wallet.ts), so they
 * all show the new figure at once.
 */
export const walletActor = createActor(walletBalanceMachine.provide({ actors: { fetchBalance: fromPromise<WalletFigures, void>(({ signal }) => fetchWalletBalance(signal)) } }));
walletActor.start();
onWalletHeard((figures) => walletActor.send({ type: 'HEARD', ...figures }));

/** The balance as last heard or asked (null before the first answer, and for anyone but an agent). */
export const useWalletBalance = (): Money | null => useSelector(walletActor, (s) => s.context.balance);

/** The credit limit as last heard or asked: null for a prepaid wallet. */
export const useWalletCredit = (): Money | null => useSelector(walletActor, (s) => s.context.credit);
