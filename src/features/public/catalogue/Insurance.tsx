import { useEffect } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { benefitsIn } from '../../../../contract/insurance';
import { useRecordOf } from '../../../ui/records';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { notify } from '../../../ui/toast';
import { insuranceQuoteMachine, type QuoteFields } from '../../../../machines/insurance-quote';
import { SelectInput, TextInput } from '../../../ui/fields';
import { MoneyText } from '../../../ui/format';
import { listInsurancePlans, quoteInsurance } from '../api';
import { REGIONS, type PlanQuote } from '../../../../contract/catalogue';
import { RichView } from '../../catalogue/RichText';
import { EnquiryForm } from './EnquiryForm';
import { Empty, HeaderHero, Loading, LoadFailed, useLocalized } from './shared';
import { translateServer } from '../../../i18n';

/** The purchase page for a plan's quote: the trip as quoted, the ages as the server read them. */
const buyPath = (q: PlanQuote, form: QuoteFields) =>
  `/travel-insurance/buy?${new URLSearchParams({ plan: String(q.plan.id), region: form.region, days: form.days, ages: q.travellers.map((x) => x.age).join(',') })}`;

const quoteMachine = insuranceQuoteMachine.provide({
  actors: { quote: fromPromise<PlanQuote[], QuoteFields>(({ input, signal }) => quoteInsurance(input, signal)) },
});

/** Travel insurance: the plans, and a quote by trip length, destination region and travellers' ages. */
export default function TravelInsurance() {
  const { t, i18n } = useTranslation();
  const loc = useLocalized();
  const { data: plans, loading, failed, reload } = useRecordOf(listInsurancePlans, '');
  const quote = useActorRef(quoteMachine);
  useEffect(() => quote.on('notify', (e) => notify(e.notice)).unsubscribe, [quote]);
  const { fields: form, fieldErrors: errors, quotes } = useSelector(quote, (s) => s.context);
  const busy = useSelector(quote, (s) => s.matches('quoting'));
  const set = (field: keyof QuoteFields) => (value: string) => quote.send({ type: 'SET', field, value });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    quote.send({ type: 'QUOTE' });
  };
  return (
    <>
      <HeaderHero catalogue={null} eyebrow={t('insurance.eyebrow')} title={t('insurance.title')} lead={t('insurance.lead')} />
      <div className="cat-page">
        <section className="card quote-card" aria-labelledby="quote-title">
          <h2 id="quote-title">{t('insurance.quoteTitle')}</h2>
          <form className="quote-form" onSubmit={submit} noValidate data-testid="quote-form">
            <TextInput name="days" label={t('insurance.days')} value={form.days} onChange={set('days')} error={errors.days} inputMode="numeric" dir="ltr" />
            <SelectInput name="region" label={t('insurance.region')} value={form.region} onChange={set('region')} error={errors.region} options={REGIONS.map((r) => ({ value: r, label: t(`insurance.regions.${r}`) }))} />
            <TextInput name="ages" label={t('insurance.ages')} value={form.ages} onChange={set('ages')} error={errors.ages} hint={t('insurance.agesHint')} dir="ltr" />
            <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? t('common.pleaseWait') : t('insurance.getQuote')}</button>
          </form>
          {quotes ? (
            <ul className="quote-list" aria-live="polite">
              {quotes.map((q) => (
                <li key={q.plan.id} className={`quote-row ${q.eligible ? '' : 'is-off'}`}>
                  <span><strong>{loc(q.plan.name, q.plan.name_ar)}</strong><br /><span className="muted">{t('insurance.cover')} <MoneyText value={q.plan.coverage} /></span></span>
                  {q.eligible && q.total ? <span className="quote-total"><MoneyText value={q.total} /><span className="muted">{t('insurance.forTravellers', { count: q.travellers.length })}</span></span> : <span className="muted">{q.reason ? translateServer(q.reason) : null}</span>}
                  {q.eligible ? <Link className="btn btn-primary quote-buy" data-testid={`buy-plan-${q.plan.id}`} href={buyPath(q, form)}>{t('insurance.buyOnline')}</Link> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <h2 className="cat-section-title">{t('insurance.plans')}</h2>
        {failed ? <LoadFailed onRetry={reload} /> : loading && !plans ? <Loading /> : plans && plans.length ? (
          <div className="cat-grid">
            {plans.map((p) => (
              <article key={p.id} className="card plan-card">
                <h3>{loc(p.name, p.name_ar)}</h3>
                <p className="detail-price"><MoneyText value={p.coverage} /></p>
                <p className="muted">{p.regions.map((r) => t(`insurance.regions.${r}`)).join(' · ')}</p>
                <ul className="benefits">{benefitsIn(p, i18n.language).map((b) => <li key={b}><bdi>{b}</bdi></li>)}</ul>
                <RichView html={p.description} />
              </article>
            ))}
          </div>
        ) : <Empty text={t('insurance.empty')} />}
        <EnquiryForm source="insurance" title={t('insurance.enquire')} />
      </div>
    </>
  );
}
