import { useEffect, useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { benefitsIn } from '../../../contract/insurance';
import { REGIONS, type Region } from '../../../contract/catalogue';
import { insurancePurchaseMachine, type PurchaseRole } from '../../../machines/insurance-purchase';
import { useUser } from '../../app/auth';
import { translateServer } from '../../i18n';
import { MoneyText } from '../../ui/format';
import { useMachineScreen } from '../../ui/machines';
import { localDay } from '../trips/trips';
import { planName, purchaseActors } from './api';
import { PurchaseForm } from './PurchaseForm';
import { PurchaseReview } from './PurchaseReview';
import '../flights/flights.css';
import './insurance.css';
import './strings';

const REVIEW = ['review', 'buying', 'priceChanged', 'insufficientBalance', 'buyFailed'] as const;

/** The link from a quote: /travel-insurance/buy?plan=3&region=asia&days=7&ages=30,4 (what was quoted). */
function linkInput(qs: URLSearchParams) {
  const region = qs.get('region') as Region;
  const ages = (qs.get('ages') ?? '').split(',').filter((a) => /^\d{1,3}$/.test(a.trim())).map(Number).slice(0, 10);
  const days = Number(qs.get('days'));
  return {
    planId: Number(qs.get('plan')) || 0, region: REGIONS.includes(region) ? region : 'asia' as Region,
    days: Number.isInteger(days) && days > 0 && days <= 365 ? days : 7, ages: ages.length ? ages : [30],
  };
}

/**
 * /travel-insurance/buy: a plan bought from its quote on the insurance purchase machine. Travellers and contact,
 * then the review at the server's price, then the card checkout (or an agent's wallet, issued at once).
 */
export default function BuyInsurance() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const role: PurchaseRole = user?.role === 'agent' ? 'agent' : user?.role === 'customer' ? 'customer' : 'guest';
  const qs = new URLSearchParams(useSearch());
  const link = linkInput(qs);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const actors = useMemo(() => purchaseActors(() => i18n.language), []); // eslint-disable-line react-hooks/exhaustive-deps
  const [state, send] = useMachineScreen(insurancePurchaseMachine, {
    actors, input: { ...link, role, today: localDay(), idempotencyKey, email: role === 'customer' ? user?.email ?? '' : '' },
    on: (e) => { if (e.type === 'redirect' && typeof e.url === 'string') window.location.assign(e.url); },
  });
  const c = state.context;
  const is = (names: readonly string[]) => names.some((s) => state.matches(s as never));
  const step = state.matches('editing') || state.matches('pricing') ? 1 : is(REVIEW) ? 2 : 3;
  useEffect(() => { window.scrollTo({ top: 0 }); }, [step]);
  const back = <Link href="/travel-insurance" className="btn btn-secondary">{t('insurancePolicy.backToQuotes')}</Link>;

  if (!link.planId || state.matches('unavailable')) {
    return <div className="flights-page"><div className="card state-card" data-testid="plan-unavailable"><h1>{t('insurancePolicy.unavailable')}</h1><p className="muted">{t('insurancePolicy.unavailableLead')}</p>{back}</div></div>;
  }
  if (state.matches('loadFailed')) {
    return <div className="flights-page"><div className="card state-card"><h1>{t('errors.generic')}</h1><div className="button-row"><button type="button" className="btn btn-primary" onClick={() => send({ type: 'RETRY' })}>{t('insurancePolicy.retry')}</button>{back}</div></div></div>;
  }
  if (state.matches('loading') || !c.quote) return <div className="flights-page"><div className="card state-card" aria-busy="true"><span className="spinner-lg" aria-hidden="true" /></div></div>;
  const plan = c.quote.plan;
  return (
    <div className="flights-page checkout ins-buy">
      <h1 className="checkout-title">{t('insurancePolicy.buyTitle')}</h1>
      <ol className="steps" aria-label={t('insurancePolicy.steps')}>
        {(['travellers', 'review', 'done'] as const).map((s, i) => <li key={s} className={step === i + 1 ? 'is-current' : step > i + 1 ? 'is-done' : ''} aria-current={step === i + 1 ? 'step' : undefined}>{t(`insurancePolicy.step.${s}`)}</li>)}
      </ol>
      <div className="checkout-layout">
        <div className="checkout-main">
          {state.matches('editing') || state.matches('pricing') ? (
            <>
              {c.reason ? <p className="form-alert" role="alert" data-testid="plan-reason">{translateServer(c.reason)}</p> : null}
              <PurchaseForm state={state} send={send} />
            </>
          ) : null}
          {is(REVIEW) ? <PurchaseReview state={state} send={send} /> : null}
          {state.matches('redirecting') ? <section className="card state-card"><span className="spinner-lg" aria-hidden="true" /><h2>{t('insurancePolicy.redirecting')}</h2></section> : null}
          {state.matches('issued') && c.policy ? (
            <section className="card state-card" data-testid="policy-issued">
              <h2>{t('insurancePolicy.issuedTitle')}</h2>
              <p>{t('insurancePolicy.number')}: <strong dir="ltr" data-testid="policy-number">{c.policy.policy_number}</strong></p>
              <div className="button-row">
                <Link href={`/insurance/policy?ref=${encodeURIComponent(c.policy.policy_number)}`} className="btn btn-primary">{t('insurancePolicy.viewPolicy')}</Link>
                {back}
              </div>
            </section>
          ) : null}
        </div>
        {step < 3 ? (
          <aside className="card checkout-summary ins-summary" aria-label={t('insurancePolicy.summary')}>
            <h2 dir="auto">{planName(plan, i18n.language)}</h2>
            <p className="muted">{t('insurance.cover')} <MoneyText value={plan.coverage} /></p>
            <p>{t(`insurance.regions.${c.region}`)}</p>
            {plan.benefits.length ? <ul className="benefits">{benefitsIn(plan, i18n.language).map((b) => <li key={b}><bdi>{b}</bdi></li>)}</ul> : null}
            {is(REVIEW) && c.expectedTotal ? <p className="ins-total">{t('insurancePolicy.total')} <MoneyText value={{ amount: c.expectedTotal, currency: c.quote.total?.currency ?? 'PKR' }} /></p> : null}
          </aside>
        ) : null}
      </div>
    </div>
  );
}
