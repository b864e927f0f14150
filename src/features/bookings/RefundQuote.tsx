import { useTranslation } from 'react-i18next';
import type { RefundQuote } from '../../../contract/bookings';
import { MoneyText } from '../../ui/format';

/** A refund's figures: what was paid, what the airline and we keep, what comes back (and, apart, seats and bags bought after booking, in full). */
export function RefundFigures({ quote, compact }: { quote: RefundQuote; compact?: boolean }) {
  const { t } = useTranslation();
  if (compact) {
    return (
      <span className="bk-refund-compact" data-testid="refund-figures">
        <strong>{t('bookings.refund.refund')} <MoneyText value={quote.refund} /></strong>
        <span className="bk-sub">{t('bookings.refund.paid')} <MoneyText value={quote.paid} /></span>
        <span className="bk-sub">{t('bookings.refund.penalty')} − <MoneyText value={quote.airline_penalty} /></span>
        <span className="bk-sub">{t('bookings.refund.charge')} − <MoneyText value={quote.service_charge} /></span>
        {quote.extras_refund ? <span className="bk-sub" data-testid="refund-extras">{t('bookings.refund.extras')} + <MoneyText value={quote.extras_refund} /></span> : null}
      </span>
    );
  }
  return (
    <dl className="bk-dl bk-refund" data-testid="refund-figures">
      <dt>{t('bookings.refund.paid')}</dt><dd><MoneyText value={quote.paid} /></dd>
      <dt>{t('bookings.refund.penalty')}</dt><dd>− <MoneyText value={quote.airline_penalty} /></dd>
      <dt>{t('bookings.refund.charge')}</dt><dd>− <MoneyText value={quote.service_charge} /></dd>
      <dt><strong>{t('bookings.refund.refund')}</strong></dt><dd><strong data-testid="refund-amount"><MoneyText value={quote.refund} /></strong></dd>
      {quote.extras_refund ? <><dt>{t('bookings.refund.extras')}</dt><dd data-testid="refund-extras">+ <MoneyText value={quote.extras_refund} /></dd></> : null}
    </dl>
  );
}
