import { useTranslation } from 'react-i18next';
import { parseMinor, toMoney, type Money } from '../../../contract/money';
import { MoneyText, formatMoney } from '../../ui/format';

/**
 * An agent's balance, credit limit and what is available (balance + limit), each said in words: the balance may be
 * below zero on credit, so the figure alone would not say what the agent may still book.
 */
export function CreditFigures({ balance, limit }: { balance: Money | null | undefined; limit: Money | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!balance || !limit) return null;
  const limitMinor = parseMinor(limit.amount) ?? 0;
  if (limitMinor <= 0) return <p className="muted" data-testid="credit-prepaid">{t('ledger.creditLine.prepaid')}</p>;
  const balanceMinor = parseMinor(balance.amount) ?? 0;
  const available = toMoney(balanceMinor + limitMinor, balance.currency);
  const used = toMoney(Math.max(0, -balanceMinor), balance.currency);
  return (
    <div className="credit-figures" data-testid="credit-figures">
      <dl className="details">
        <dt>{t('ledger.creditLine.balance')}</dt><dd><MoneyText value={balance} /></dd>
        <dt>{t('ledger.creditLine.limit')}</dt><dd><MoneyText value={limit} /></dd>
        <dt>{t('ledger.creditLine.used')}</dt><dd><MoneyText value={used} /></dd>
        <dt>{t('ledger.creditLine.available')}</dt><dd data-testid="credit-available"><MoneyText value={available} /></dd>
      </dl>
      <p className="muted">{t('ledger.creditLine.summary', { available: formatMoney(available, i18n.language), balance: formatMoney(balance, i18n.language), limit: formatMoney(limit, i18n.language) })}</p>
    </div>
  );
}
