import { useTranslation } from 'react-i18next';
import type { Money } from '../../../contract/money';
import { formatDate, formatMoney } from '../../ui/format';

/** A rate's cancellation policy in plain words: until when it is free, and what it costs after. */
export function CancellationPolicy({ refundable, until, penalty }: { refundable: boolean; until: string | null; penalty: Money }) {
  const { t, i18n } = useTranslation();
  if (!refundable || !until) return <p className="policy is-strict">{t('hotels.policy.nonRefundable')}</p>;
  return (
    <p className="policy is-free">
      {t('hotels.policy.freeUntil', { date: formatDate(until.slice(0, 10), i18n.language), time: until.slice(11, 16) })}{' '}
      {t('hotels.policy.after', { penalty: formatMoney(penalty, i18n.language) })}
    </p>
  );
}
