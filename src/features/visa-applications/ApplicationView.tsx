import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisaApplication, VisaApplicationStatus } from '../../../contract/visa-applications';
import { i18n } from '../../i18n';
import { DateText, MoneyText } from '../../ui/format';
import { visaTitle } from './api';
import { titleText } from '../../../contract/titles';
import { countryName } from '../../i18n/places';
import './visa-applications.css';
import './strings';

export function VisaStatus({ status }: { status: VisaApplicationStatus }) {
  const { t } = useTranslation();
  return <span className={`status-pill va-status is-${status}`} data-testid="va-status">{t(`visaApplications.status.${status}`)}</span>;
}

/** The steps an application goes through, each with when it happened (from its trail of events). */
const STEPS: VisaApplicationStatus[] = ['pending_payment', 'submitted', 'in_review'];

function Timeline({ a }: { a: VisaApplication }) {
  const { t } = useTranslation();
  const when = (to: string) => a.events?.find((e) => e.to_status === to && (e.from_status !== to))?.at ?? null;
  const last: VisaApplicationStatus = a.status === 'rejected' ? 'rejected' : 'approved';
  const order = [...STEPS, last];
  const reached = order.indexOf(a.status);
  return (
    <ol className="va-timeline">
      {order.map((s, i) => (
        <li key={s} className={i <= reached ? 'is-done' : ''} aria-current={i === reached ? 'step' : undefined}>
          <span className="va-dot" aria-hidden="true" />
          <span>{t(`visaApplications.status.${s}`)}</span>
          {i <= reached && when(s) ? <span className="muted"><DateText value={when(s)} time /></span> : null}
        </li>
      ))}
    </ol>
  );
}

/** An application as its applicant and staff read it: status, timeline, travellers and their documents. */
export function ApplicationView({ a, actions }: { a: VisaApplication; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="va-detail">
      <section className="card va-summary">
        <p className="muted" dir="ltr">{a.reference}</p>
        <h1>{visaTitle(a.visa, i18n.language)}</h1>
        <p>{countryName(a.visa.country_code, i18n.language, a.visa.country)} · <VisaStatus status={a.status} /></p>
        {a.status === 'rejected' && a.rejection_reason ? <p className="form-alert" role="note"><strong>{t('visaApplications.reason')}:</strong> <bdi>{a.rejection_reason}</bdi></p> : null}
        <dl className="details">
          <dt>{t('visaApplications.fields.travel_date')}</dt><dd><DateText value={a.travel_date} /></dd>
          <dt>{t('visaApplications.fee')}</dt><dd><MoneyText value={a.fee} /> <span className="muted">({t('visaApplications.travellerCount', { count: a.traveller_count })})</span></dd>
          <dt>{t('visaApplications.payment')}</dt><dd>{t(`visaApplications.paymentStatus.${a.payment.status}`)} · {t(`visaApplications.method.${a.payment.method}`)}</dd>
          <dt>{t('visaApplications.fields.email')}</dt><dd dir="ltr">{a.contact.email}</dd>
        </dl>
        {actions}
      </section>
      <section className="card">
        <h2>{t('visaApplications.progress')}</h2>
        <Timeline a={a} />
      </section>
      {a.travellers.map((tr, i) => (
        <section key={i} className="card" data-testid={`va-traveller-${i}`}>
          <h2><bdi>{titleText(tr.title, i18n.language)} {tr.first_name} {tr.last_name}</bdi></h2>
          <dl className="details">
            <dt>{t('visaApplications.fields.dob')}</dt><dd><DateText value={tr.dob} /></dd>
            <dt>{t('visaApplications.fields.nationality')}</dt><dd>{countryName(tr.nationality, i18n.language, tr.nationality)}</dd>
            <dt>{t('visaApplications.fields.passport_no')}</dt><dd dir="ltr">{tr.passport_no}</dd>
            <dt>{t('visaApplications.fields.passport_expiry')}</dt><dd><DateText value={tr.passport_expiry} />{a.passport_warnings.includes(i) ? <span className="va-warn"> {t('visaApplications.expiresSoon')}</span> : null}</dd>
          </dl>
          <ul className="va-docs">
            {tr.documents.map((d) => (
              <li key={d.kind}>
                {t(`visaApplications.documents.${d.kind}`)}: <a href={d.url} target="_blank" rel="noreferrer" data-testid={`va-doc-${i}-${d.kind}`}><bdi>{d.original_name}</bdi></a>
                {' '}<a href={d.url} download={d.original_name} className="muted">{t('visaApplications.download')}</a>
                {d.mime.startsWith('image/') ? <img className="va-thumb" src={d.url} alt={t(`visaApplications.documents.${d.kind}`)} loading="lazy" /> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
