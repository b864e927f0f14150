import { Link, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { InsurancePolicy } from '../../../contract/insurance';
import { isStaff } from '../../../contract/roles';
import { useUser } from '../../app/auth';
import { translateServer } from '../../i18n';
import { useRecord } from '../../ui/records';
import { loadPolicy, payPolicyAgain } from './api';
import { PolicyView } from './PolicyView';
import { DocumentLinks } from '../documents/DocumentLinks';
import { policyDocuments } from '../documents/links';
import { TraceLink } from '../flows/TraceLink';
import '../flights/flights.css';
import './insurance.css';
import './strings';
// "Back to My trips" is My trips' own string: its section comes with it.
import '../trips/strings';

/**
 * /insurance/policy?ref=SI-26-000123&email=… (the mail's link and /payment-result's; signed-in buyers without the
 * email; staff: /admin/insurance-policy?ref=…): the policy on the record machine, and "Pay" again while unpaid,
 * which opens a new card checkout for the same policy and leaves for it.
 */
export default function PolicyPage() {
  const { t, i18n } = useTranslation();
  const qs = new URLSearchParams(useSearch());
  const ref = qs.get('ref') ?? qs.get('id') ?? '';
  const email = qs.get('email');
  const role = useUser()?.role;
  const record = useRecord<InsurancePolicy>((_, signal) => loadPolicy(ref, email, signal), ref, async (_, signal) => {
    const { url } = await payPolicyAgain(ref, email, signal);
    window.location.assign(url);
    return {};
  });
  const { snapshot, send, data: p } = record;
  const staff = isStaff(role);
  const back = staff ? { href: '/admin/insurance-policies', label: t('insurancePolicy.backToList') }
    : role === 'agent' ? { href: '/agent/insurance-policies', label: t('insurancePolicy.backToList') }
      : role === 'customer' ? { href: '/my-trips', label: t('trips.back') } : { href: '/travel-insurance', label: t('insurancePolicy.backToQuotes') };

  if (!ref) {
    return <div className="flights-page"><div className="card state-card"><h1>{t('insurancePolicy.missing')}</h1><Link href={back.href} className="btn btn-primary">{back.label}</Link></div></div>;
  }
  if (record.failed) {
    const failure = snapshot.context.failure?.notice;
    return (
      <div className="flights-page"><div className="card state-card" data-testid="policy-failed">
        <h1>{failure?.text ? translateServer(failure.text) : t('errors.generic')}</h1>
        <div className="button-row">
          <button type="button" className="btn btn-primary" onClick={() => send({ type: 'RETRY' })}>{t('insurancePolicy.retry')}</button>
          <Link href={back.href} className="btn btn-secondary">{back.label}</Link>
        </div>
      </div></div>
    );
  }
  if (!p) return <div className="flights-page"><div className="card state-card" aria-busy="true"><span className="spinner-lg" aria-hidden="true" /></div></div>;
  const payable = !staff && p.status === 'pending_payment' && p.payment.method === 'card';
  return (
    <div className="flights-page ins-policy-page">
      <div className="button-row no-print">
        {payable ? <button type="button" className="btn btn-primary" disabled={!snapshot.matches('shown')} onClick={() => send({ type: 'ACT', action: 'pay' })} data-testid="pay-again">{t('insurancePolicy.pay')}</button> : null}
        <DocumentLinks links={policyDocuments(p, i18n.language, email)} />
        <button type="button" className="btn btn-secondary" onClick={() => window.print()}>{t('insurancePolicy.print')}</button>
        <TraceLink reference={p.policy_number} kind="insurance" />
        <Link href={back.href} className="btn btn-ghost">{back.label}</Link>
      </div>
      <PolicyView policy={p} />
    </div>
  );
}
