import { Link, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useRecord } from '../../ui/records';
import { translateServer } from '../../i18n';
import { unsubscribe } from './api';
import './price-alerts.css';

/** /price-alerts/unsubscribe?token=…: the mail's signed link; no sign-in, and using it twice is still done. */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const record = useRecord((_id, signal) => unsubscribe(token, signal));
  const state = record.failed ? 'failed' : record.data ? 'done' : 'loading';
  return (
    <div className="unsubscribe-page">
      <div className="card unsubscribe-card" data-testid="unsubscribe" data-state={state}>
        <h1>{t('priceAlerts.unsubscribe.title')}</h1>
        {state === 'loading' ? <p className="muted">{t('priceAlerts.unsubscribe.working')}</p> : null}
        {state === 'done' ? <p role="status">{translateServer(record.data!.message)}</p> : null}
        {state === 'failed' ? <p role="alert">{t('priceAlerts.unsubscribe.failed')}</p> : null}
        <Link href="/" className="btn btn-secondary">{t('priceAlerts.unsubscribe.home')}</Link>
      </div>
    </div>
  );
}
