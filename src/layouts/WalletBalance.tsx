import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Money } from '../../contract/money';
import { walletBalanceMachine } from '../../machines/wallet-balance';
import { useUser } from '../app/auth';
import { Icon } from '../ui/Icon';
import { fetchWalletBalance } from './api';
import { formatBalance, showsWallet } from './wallet';

const machine = walletBalanceMachine.provide({ actors: { fetchBalance: fromPromise<Money, void>(({ signal }) => fetchWalletBalance(signal)) } });

/**
 * The agent's wallet balance in the top bar (issue 4 §3), held by the wallet balance machine: asked for on mount,
 * on every route change in the agent area and when the window regains focus; leaving the area clears it.
 */
export function WalletBalance() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const [location] = useLocation();
  const show = showsWallet(user);
  const wallet = useActorRef(machine);
  const balance = useSelector(wallet, (s) => s.context.balance);

  useEffect(() => {
    if (!show) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') wallet.send({ type: 'REFRESH' });
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [show, wallet]);

  const userId = user?.id;
  useEffect(() => {
    wallet.send({ type: show ? 'REFRESH' : 'CLEAR' });
  }, [show, userId, location, wallet]);

  if (!show) return null;
  const text = balance ? formatBalance(balance, i18n.language) : '—';
  return (
    <Link href="/agent/agent-ledger" className="wallet-chip" aria-label={t('wallet.balanceLabel', { amount: text })} data-testid="header-wallet">
      <Icon name="briefcase" size={18} />
      <span className="wallet-chip-text">
        <span className="wallet-chip-label hide-mobile">{t('wallet.title')}</span>
        <span className="wallet-chip-amount" dir="ltr">{text}</span>
      </span>
    </Link>
  );
}
