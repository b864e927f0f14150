import { useTranslation } from 'react-i18next';
import { AgentMarginInput, type AgentMargin } from '../../../contract/margins';
import { Submit, TextInput } from '../../ui/fields';
import { useResourceForm } from '../../ui/forms';
import { getAgentMargin, saveAgentMargin } from './api';

/**
 * The staff-set markup and discount per passenger of one agent, on the user's page and on the agent margins
 * screen. Given the agent's margin (the user's page has it already) the form starts from it; otherwise it loads it.
 */
export function AgentMarginForm({ agentId, margin }: { agentId: number; margin?: AgentMargin }) {
  const { t } = useTranslation();
  const form = useResourceForm({
    schema: AgentMarginInput,
    toBody: (values) => ({ agent_id: agentId, ...values }),
    load: async (_, signal) => fieldsOf(await getAgentMargin(agentId, signal)),
    save: ({ values }, signal) => saveAgentMargin(values, signal).then((r) => ({ message: r.message })),
  }, { values: margin ? fieldsOf(margin) : { markup_per_pax: '0', discount_per_pax: '0' }, load: !margin });
  return (
    <form className="form" onSubmit={form.submit} noValidate aria-busy={form.loading} data-testid="agent-margin-form">
      <h2>{t('margins.agentTitle')}</h2>
      <div className="form-row">
        <TextInput name="markup_per_pax" dir="ltr" inputMode="decimal" label={t('margins.markup')} value={form.values.markup_per_pax} onChange={form.set('markup_per_pax')} error={form.errors.markup_per_pax} />
        <TextInput name="discount_per_pax" dir="ltr" inputMode="decimal" label={t('margins.discount')} value={form.values.discount_per_pax} onChange={form.set('discount_per_pax')} error={form.errors.discount_per_pax} />
      </div>
      {form.loadFailed ? <p className="field-error" role="alert">{t('margins.agentLoadFailed')} <button type="button" className="btn btn-ghost" onClick={() => form.send({ type: 'RETRY' })}>{t('common.retry')}</button></p> : null}
      <div className="form-actions"><Submit busy={form.busy}>{t('margins.save')}</Submit></div>
    </form>
  );
}

const fieldsOf = (m: AgentMargin) => ({ markup_per_pax: m.markup_per_pax.amount, discount_per_pax: m.discount_per_pax.amount });
