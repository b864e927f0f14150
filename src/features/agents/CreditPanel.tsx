import { useTranslation } from 'react-i18next';
import { can } from '../../../contract/permissions';
import type { CreditLimitChange } from '../../../contract/credit';
import { creditSettingsMachine } from '../../../machines/credit-settings';
import { useUser } from '../../app/auth';
import { Submit, TextInput } from '../../ui/fields';
import { useRecord } from '../../ui/records';
import { listBookingAgents } from '../bookings/api';
import { DataTable } from '../../ui/table';
import { DateText, MoneyText } from '../../ui/format';
import { useMachineScreen } from '../../ui/machines';
import { BackLink, PageHeader } from '../../ui/page';
import { AgentPicker, useChosenAgentId } from './AgentPicker';
import { CreditFigures } from './CreditFigures';
import { creditActors } from './credit-api';

/**
 * An agent's credit line in the back office: its figures, a form to set the limit (accounts and admin; readers
 * see the figures only) and every change of the limit with who made it and when.
 */
export function CreditPanel({ agentId }: { agentId: number }) {
  const { t } = useTranslation();
  const role = useUser()?.role;
  const mayEdit = can(role, 'ledger.manage');
  const [state, send] = useMachineScreen(creditSettingsMachine, { actors: creditActors, input: { agentId } });
  const { account, draft, fieldErrors } = state.context;
  if (state.matches('loadFailed')) {
    return (
      <section className="card state-card" role="alert">
        <p>{t('ledger.creditLine.loadFailed')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>{t('ledger.creditLine.retry')}</button>
      </section>
    );
  }
  const columns = [
    { key: 'when', label: t('ledger.creditLine.when'), render: (c: CreditLimitChange) => <DateText value={c.created_at} time /> },
    { key: 'from', label: t('ledger.creditLine.from'), align: 'end' as const, render: (c: CreditLimitChange) => <MoneyText value={c.previous_limit} /> },
    { key: 'to', label: t('ledger.creditLine.to'), align: 'end' as const, render: (c: CreditLimitChange) => <MoneyText value={c.limit} /> },
    { key: 'by', label: t('ledger.creditLine.by'), render: (c: CreditLimitChange) => <bdi>{c.changed_by?.name ?? '—'}</bdi> },
  ];
  return (
    <section className="card dash-card credit-panel" data-testid="credit-panel" data-state={String(state.value)} aria-busy={state.matches('loading') || state.matches('saving')}>
      <h2>{t('ledger.creditLine.title')}</h2>
      {account ? <CreditFigures balance={account.balance} limit={account.credit_limit} /> : <p className="muted"><span className="spinner" aria-hidden="true" /></p>}
      {mayEdit && account ? (
        <form className="form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'SAVE' }); }}>
          <TextInput name="limit" dir="ltr" inputMode="decimal" required label={t('ledger.creditLine.newLimit')} hint={t('ledger.creditLine.limitHint')}
            value={draft} onChange={(limit) => send({ type: 'EDIT', limit })} error={fieldErrors.limit} />
          <div className="form-actions"><Submit busy={state.matches('saving')}>{t('ledger.creditLine.save')}</Submit></div>
        </form>
      ) : null}
      <h3>{t('ledger.creditLine.history')}</h3>
      <DataTable rows={account ? account.history : null} columns={columns} loading={!account} empty={t('ledger.creditLine.noHistory')} caption={t('ledger.creditLine.history')} />
    </section>
  );
}

/**
 * /admin/agent-credit?id=: the credit panel on a page of its own, for accounts staff (who do not open user pages),
 * with the agent chosen from a list.
 */
export default function AgentCreditScreen() {
  const { t } = useTranslation();
  const id = useChosenAgentId();
  const agents = useRecord((_, signal) => listBookingAgents(signal));
  return (
    <>
      <PageHeader title={t('ledger.creditLine.pageTitle')} actions={<BackLink href="/admin/transactions" label={t('nav.transactions')} />} />
      <div className="card credit-pick">
        <AgentPicker path="/admin/agent-credit" label={t('ledger.creditLine.agent')} placeholder={t('ledger.creditLine.chooseAgent')} agents={agents.data} />
      </div>
      {id ? <CreditPanel key={id} agentId={id} /> : <p className="muted">{t('ledger.creditLine.chooseAgent')}</p>}
    </>
  );
}
