import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Money } from '../../contract/money';
import { useUser } from '../app/auth';
import { Icon } from '../ui/Icon';
import { fetchWalletBalance } from './api';
import { formatBalance, showsWallet } from './wallet';

/**
 * The agent's wallet balance in the top bar (issue 4 §3). Fetched on mount, on every route change in the agent
 * area and when the window regains focus (a deposit approved by accounts meanwhile shows up); each fetch aborts
 * the one before and leaving the area aborts the last. A failed fetch keeps the last figure and shows no toast.
 */
export function WalletBalance() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const [location] = useLocation();
  const show = showsWallet(user);
  const [balance, setBalance] = useState<Money | null>(null);
  const [focusTick, setFocusTick] = useState(0);

  useEffect(() => {
    if (!show) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') setFocusTick((n) => n + 1);
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [show]);

  const userId = user?.id;
  useEffect(() => {
    if (!show) {
      setBalance(null);
      return;
    }
    const ac = new AbortController();
    fetchWalletBalance(ac.signal)
      .then(setBalance)
      .catch(() => undefined);
    return () => ac.abort();
  }, [show, userId, location, focusTick]);

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
