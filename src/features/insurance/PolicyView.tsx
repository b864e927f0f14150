import { useTranslation } from 'react-i18next';
import { titleText } from '../../../contract/titles';
import type { InsurancePolicy } from '../../../contract/insurance';
import { benefitsIn } from '../../../contract/insurance';
import { DateText, Deadline, MoneyText } from '../../ui/format';
import { planName } from './api';
import './strings';

export function PolicyStatus({ status }: { status: InsurancePolicy['status'] }) {
  const { t } = useTranslation();
  return <span className={`badge ins-status is-${status}`} data-testid="policy-status">{t(`insurancePolicy.status.${status}`)}</span>;
}

/** A policy as its holder reads it: number, plan and cover, dates, travellers, amount and status. */
export function PolicyView({ policy: p }: { policy: InsurancePolicy }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="card ins-policy" data-testid="policy">
      <header className="ins-policy-head">
        <div>
          <p className="muted">{t('insurancePolicy.number')}</p>
          <h1 dir="ltr" className="ins-number" data-testid="policy-number">{p.policy_number}</h1>
        </div>
        <PolicyStatus status={p.status} />
      </header>
      <dl className="ins-facts">
        <dt>{t('insurancePolicy.plan')}</dt><dd dir="auto">{planName(p.plan, i18n.language)}</dd>
        <dt>{t('insurance.cover')}</dt><dd><MoneyText value={p.plan.coverage} /></dd>
        <dt>{t('insurance.region')}</dt><dd>{t(`insurance.regions.${p.region}`)}</dd>
        <dt>{t('insurancePolicy.cover')}</dt><dd><DateText value={p.start_date} /> – <DateText value={p.end_date} /> ({t('insurancePolicy.days', { count: p.days })})</dd>
        <dt>{t('insurancePolicy.total')}</dt><dd><MoneyText value={p.total} /> · {t(`insurancePolicy.method.${p.payment.method}`)}</dd>
        {p.issued_at ? <><dt>{t('insurancePolicy.issuedAt')}</dt><dd><DateText value={p.issued_at} time /></dd></> : null}
        {p.pay_by && p.status === 'pending_payment' ? <><dt>{t('insurancePolicy.payBy')}</dt><dd data-testid="policy-pay-by"><Deadline at={p.pay_by} /></dd></> : null}
        <dt>{t('insurancePolicy.contact')}</dt><dd dir="ltr">{p.contact.email} · {p.contact.phone}</dd>
      </dl>
      {p.plan.benefits.length ? <><h2>{t('insurancePolicy.benefits')}</h2><ul className="benefits">{benefitsIn(p.plan, i18n.language).map((b) => <li key={b}><bdi>{b}</bdi></li>)}</ul></> : null}
      <h2>{t('insurancePolicy.travellersTitle')}</h2>
      <ul className="ins-travellers ins-insured">
        {p.travellers.map((x, i) => (
          <li key={i}>
            <strong dir="auto">{titleText(x.title, i18n.language)} {x.first_name} {x.last_name}</strong>
            <span><span className="muted">{t('insurancePolicy.dob')}:</span> <DateText value={x.date_of_birth} /> ({t('insurancePolicy.age', { age: x.age })})</span>
            <span><span className="muted">{t('insurancePolicy.passport')}:</span> <bdi dir="ltr">{x.passport_number}</bdi> · {x.nationality}</span>
            <MoneyText value={x.premium} />
          </li>
        ))}
      </ul>
    </article>
  );
}
