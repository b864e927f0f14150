import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { SelectInput } from '../../ui/fields';
import { PageHeader } from '../../ui/page';
import { useRecord } from '../../ui/records';
import { listAgentOptions } from '../agents/api';
import { agentLabel } from '../bookings/api';
import { AgentMarginForm } from './AgentMarginForm';

/**
 * /admin/agent-margins?id=: an agent's markup and discount per passenger, for staff with margin rights (accounts
 * do not open user pages), with the agency chosen from a list. Branch users are not listed: they book with their
 * agency's margins, so a margin of their own would change no price.
 */
export default function AgentMarginsScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const chosen = Number.isInteger(id) && id > 0;
  const agents = useRecord((_, signal) => listAgentOptions(signal));
  const options = (agents.data ?? []).filter((a) => a.agency_id === null)
    .map((a) => ({ value: String(a.id), label: agentLabel(a) }));
  return (
    <>
      <PageHeader title={t('margins.agentsTitle')} subtitle={t('margins.agentsHint')} />
      <section className="card form-card pick-then-form">
        <SelectInput name="agent_id" label={t('margins.agent')} value={chosen ? String(id) : ''} placeholder={t('margins.agentPlaceholder')}
          options={options} onChange={(v) => navigate(v ? `/admin/agent-margins?id=${v}` : '/admin/agent-margins')} />
        {chosen ? <AgentMarginForm key={id} agentId={id} /> : <p className="muted">{t('margins.chooseAgent')}</p>}
      </section>
    </>
  );
}
