import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page';
import { useRecord } from '../../ui/records';
import { AgentPicker, useChosenAgentId } from '../agents/AgentPicker';
import { listAgentOptions } from '../agents/api';
import { AgentMarginForm } from './AgentMarginForm';

/**
 * /admin/agent-margins?id=: an agent's markup and discount per passenger, for staff with margin rights (accounts
 * do not open user pages), with the agency chosen from a list. Branch users are not listed: they book with their
 * agency's margins, so a margin of their own would change no price.
 */
export default function AgentMarginsScreen() {
  const { t } = useTranslation();
  const id = useChosenAgentId();
  const agents = useRecord((_, signal) => listAgentOptions(signal));
  return (
    <>
      <PageHeader title={t('margins.agentsTitle')} subtitle={t('margins.agentsHint')} />
      <section className="card form-card pick-then-form">
        <AgentPicker path="/admin/agent-margins" label={t('margins.agent')} placeholder={t('margins.agentPlaceholder')}
          agents={agents.data?.filter((a) => a.agency_id === null)} />
        {id ? <AgentMarginForm key={id} agentId={id} /> : <p className="muted">{t('margins.chooseAgent')}</p>}
      </section>
    </>
  );
}
