import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { VisaApplication } from '../../../contract/visa-applications';
import { useRecord } from '../../ui/records';
import { getApplication, payAgainAndLeave } from './api';
import { ApplicationView } from './ApplicationView';
import './strings';

/**
 * /visa-application?reference=…(&email=…): the applicant follows the application (status, timeline, reason of a
 * rejection) and pays again when the card payment did not go through. Signed out, the mail's link carries the email.
 */
export default function ApplicationPage() {
  const { t } = useTranslation();
  const q = new URLSearchParams(window.location.search);
  const reference = q.get('reference') ?? q.get('id') ?? '';
  const email = q.get('email');
  const record = useRecord<VisaApplication>((id, signal) => getApplication(String(id), email, signal), reference,
    (input, signal) => payAgainAndLeave(String(input.id), email, signal));
  const a = record.data;
  if (!reference || record.failed) return <div className="cat-page"><p>{t('visaApplications.notFound')}</p><Link href="/find-booking" className="btn btn-secondary">{t('visaApplications.findIt')}</Link></div>;
  if (!a) return <div className="cat-page"><p className="muted"><span className="spinner" aria-hidden="true" /> {t('common.loading')}</p></div>;
  const paying = record.snapshot.matches('acting');
  return (
    <div className="cat-page va-page">
      <ApplicationView a={a} actions={a.status === 'pending_payment' ? (
        <div className="button-row">
          <p className="muted">{t('visaApplications.unpaid')}</p>
          <button type="button" className="btn btn-primary" disabled={paying} onClick={() => record.send({ type: 'ACT', action: 'pay' })} data-testid="va-pay-again">
            {paying ? t('common.pleaseWait') : t('visaApplications.payAgain')}
          </button>
        </div>
      ) : null} />
      <Link href="/my-trips" className="btn btn-ghost">{t('visaApplications.toTrips')}</Link>
    </div>
  );
}
