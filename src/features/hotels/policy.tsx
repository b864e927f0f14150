import { useTranslation } from 'react-i18next';
import type { Money } from '../../../contract/money';
import { formatLocal, localInstant } from '../../../contract/format/time';
import { Deadline, formatMoney } from '../../ui/format';

/**
 * A rate's cancellation policy in plain words: until when it is free, and what it costs after. The deadline is the
 * hotel's wall-clock time; with the hotel's zone it is said in that zone, the reader's, and the time left.
 */
export function CancellationPolicy({ refundable, until, penalty, zone }: { refundable: boolean; until: string | null; penalty: Money; zone?: string }) {
  const { t, i18n } = useTranslation();
  if (!refundable || !until) return <p className="policy is-strict">{t('hotels.policy.nonRefundable')}</p>;
  const at = zone ? localInstant(until, zone) : null;
  return (
    <p className="policy is-free">
      {at && !Number.isNaN(at.getTime())
        ? <Deadline at={at.toISOString()} zone={zone} sentence="hotels.policy.freeUntil" />
        : t('hotels.policy.freeUntilHotelTime', { time: formatLocal(until, i18n.language, { year: true }) })}{' '}
      {t('hotels.policy.after', { penalty: formatMoney(penalty, i18n.language) })}
    </p>
  );
}
