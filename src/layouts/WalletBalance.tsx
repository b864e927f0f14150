import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useUser } from '../app/auth';
import { Icon } from '../ui/Icon';
import { useWalletBalance, useWalletCredit, walletActor as wallet } from './wallet-actor';
import { addMoney } from '../../contract/money';
import { formatMoney } from '../ui/format';
import { showsWallet } from './wallet';

/**
 * The agent's wallet balance in the top bar, held by the tab's wallet actor (wallet-actor.ts), which hears every
 * movement's new balance; asked for again on mount, on every route change in the agent area and when the window
 * regains focus; leaving the area clears it.
 */
export function WalletBalance() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const [location] = useLocation();
  const show = showsWallet(user);
  const balance = useWalletBalance();
  const credit = useWalletCredit();

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
  }, [show]);

  // Forgotten when the bar goes (signed out, another area): the next agent never sees the last one's figure.
  useEffect(() => () => { wallet.send({ type: 'CLEAR' }); }, []);
  const userId = user?.id;
  useEffect(() => {
    wallet.send({ type: show ? 'REFRESH' : 'CLEAR' });
  }, [show, userId, location]);

  if (!show) return null;
  const text = balance ? formatMoney(balance, i18n.language) : '—';
  // On credit, what may still be spent is the figure that matters; the balance stays in the label.
  const available = balance && credit ? formatMoney(addMoney(balance, credit), i18n.language) : null;
  return (
    <Link href="/agent/agent-ledger" className="wallet-chip" data-testid="header-wallet"
      aria-label={available ? t('wallet.creditLabel', { balance: text, available }) : t('wallet.balanceLabel', { amount: text })}>
      <Icon name="briefcase" size={18} />
      <span className="wallet-chip-text">
        <span className="wallet-chip-label hide-mobile">{available ? t('wallet.available') : t('wallet.title')}</span>
        <span className="wallet-chip-amount" dir="ltr">{available ?? text}</span>
      </span>
    </Link>
  );
}
