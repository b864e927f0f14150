import { useTranslation } from 'react-i18next';
import { titleText } from '../../../contract/titles';
import type { SnapshotFrom } from 'xstate';
import { insurancePurchaseMachine, type PurchaseEvent } from '../../../machines/insurance-purchase';
import { translateServer } from '../../i18n';
import { Alert } from '../../ui/alert';
import { DateText, formatMoney, MoneyText } from '../../ui/format';
import './strings';

export type PurchaseState = SnapshotFrom<typeof insurancePurchaseMachine>;

/** The policy as it will be issued, at the server's price, and how to pay (the wallet for agents). */
export function PurchaseReview({ state, send }: { state: PurchaseState; send: (e: PurchaseEvent) => void }) {
  const { t, i18n } = useTranslation();
  const c = state.context;
  const busy = state.matches('buying');
  const back = () => send({ type: 'BACK' });
  const currency = c.quote?.total?.currency ?? 'PKR';
  const premiums = c.quote?.travellers ?? [];
  return (
    <section className="card pax-card" data-testid="purchase-review">
      <h2>{t('insurancePolicy.reviewTitle')}</h2>
      <dl className="ins-facts">
        <dt>{t('insurancePolicy.cover')}</dt>
        <dd><DateText value={c.form.start_date} /> – <DateText value={c.form.end_date} /></dd>
        <dt>{t('insurancePolicy.contact')}</dt>
        <dd dir="ltr">{c.form.email} · {c.form.phone}</dd>
      </dl>
      <ul className="ins-travellers">
        {c.form.travellers.map((p, i) => (
          <li key={i}>
            <span dir="auto">{titleText(p.title, i18n.language)} {p.first_name} {p.last_name}</span>
            <span className="muted" dir="ltr">{p.passport_number}</span>
            {premiums[i] ? <MoneyText value={premiums[i].premium} /> : null}
          </li>
        ))}
      </ul>
      <p className="ins-total" data-testid="review-total">{t('insurancePolicy.total')} <MoneyText value={{ amount: c.expectedTotal ?? '0', currency }} /></p>
      {state.matches('priceChanged') ? (
        <Alert testId="price-changed" primary={{ label: t('insurancePolicy.acceptPrice'), onClick: () => send({ type: 'ACCEPT_PRICE' }) }} secondary={{ label: t('insurancePolicy.edit'), onClick: back }}>
          <p>{t('insurancePolicy.priceChanged', { total: formatMoney(c.failure?.total, i18n.language) })}</p>
        </Alert>
      ) : null}
      {state.matches('insufficientBalance') ? (
        <Alert testId="insufficient" secondary={{ label: t('insurancePolicy.otherWay'), onClick: back }}>
          <p>{translateServer('Insufficient Balance')}</p>
        </Alert>
      ) : null}
      {state.matches('buyFailed') ? (
        <Alert secondary={{ label: t('insurancePolicy.retry'), onClick: () => send({ type: 'RETRY' }) }}>
          <p>{c.failure?.notice?.text ? translateServer(c.failure.notice.text) : t('errors.generic')}</p>
        </Alert>
      ) : null}
      {state.matches('review') || busy ? (
        <div className="button-row">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => send({ type: 'CONFIRM', method: 'card' })} data-testid="pay-card">{t('insurancePolicy.payCard')}</button>
          {c.role === 'agent' ? <button type="button" className="btn btn-primary" disabled={busy} onClick={() => send({ type: 'CONFIRM', method: 'wallet' })} data-testid="pay-wallet">{t('insurancePolicy.payWallet')}</button> : null}
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={back}>{t('insurancePolicy.edit')}</button>
        </div>
      ) : null}
    </section>
  );
}
