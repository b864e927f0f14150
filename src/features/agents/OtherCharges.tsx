import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { CHARGE_TYPES, type Charge } from '../../../contract/ledger';
import { useUser } from '../../app/auth';
import { can } from '../../../contract/permissions';
import { DateText, MoneyText } from '../../ui/format';
import { PageHeader, StatusBadge } from '../../ui/page';
import { SelectInput } from '../../ui/fields';
import { ListFilters, type Column } from '../../ui/table';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { listCharges } from './api';
import { formatMoney, isolateLtr } from '../../../contract/format/money';
import { useAgentOptions } from './useAgentOptions';

/** /agent/other-charges (own) and /admin/other-charges (every agent's, filterable). */
export default function OtherCharges() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const staff = user?.role !== 'agent';
  const [type, setType] = useState('');
  const [agent, setAgent] = useState('');
  const list = useResourceList<Charge>({ load: listCharges });
  // A date change the system charged is worded from its parts; a charge staff typed keeps their words.
  const ltr = (text: string) => (i18n.language === 'ar' ? isolateLtr(text) : text);
  const chargeWords = (c: Charge) => (c.parts && c.booking_reference
    ? t('ledger.words.reissueParts', { pnr: ltr(c.booking_reference), difference: ltr(formatMoney(c.parts.fare_difference)), fee: ltr(formatMoney(c.parts.change_fee)), service: ltr(formatMoney(c.parts.service_charge)) })
    : c.description);
  const agents = staff ? <AgentFilter value={agent} onChange={(v) => { setAgent(v); list.send({ type: 'FILTER', filters: { agent_id: v } }); }} /> : null;
  const columns: Column<Charge>[] = [
    { key: 'date', label: t('ledger.date'), render: (c) => <DateText value={c.created_at} time /> },
    ...(staff ? [{ key: 'agent', label: t('charges.agent'), render: (c: Charge) => <span dir="auto">{c.agent?.company_name ?? c.agent?.name}</span> }] : []),
    { key: 'type', label: t('ledger.type'), render: (c) => t(`ledger.types.${c.type}`) },
    { key: 'desc', label: t('ledger.description'), render: (c) => <><span dir="auto">{chargeWords(c)}</span>{c.booking_reference ? <><br /><small className="muted" dir="ltr">{c.booking_reference}</small></> : null}</> },
    { key: 'dir', label: t('charges.direction'), render: (c) => <StatusBadge status={c.direction} /> },
    { key: 'amount', label: t('deposits.fields.amount'), align: 'end', render: (c) => <MoneyText value={c.amount} className={c.direction === 'debit' ? 'money-debit' : 'money-credit'} /> },
  ];
  return (
    <>
      <PageHeader title={t('charges.title')} subtitle={t('charges.subtitle')} actions={can(user?.role, 'ledger.manage') ? <Link href="/admin/new-charges" className="btn btn-primary">{t('charges.new')}</Link> : null} />
      <ListFilters>
        <div className="filters">
          {agents}
          <SelectInput name="type" label={t('ledger.type')} value={type} onChange={(v) => { setType(v); list.send({ type: 'FILTER', filters: { type: v } }); }} placeholder={t('agentsUi.all')} options={CHARGE_TYPES.map((c) => ({ value: c, label: t(`ledger.types.${c}`) }))} />
        </div>
      </ListFilters>
      <ResourceTable list={list} columns={columns} empty={t('charges.empty')} caption={t('charges.title')} />
    </>
  );
}

function AgentFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const options = useAgentOptions();
  return <SelectInput name="agent_id" label={t('charges.agent')} value={value} onChange={onChange} placeholder={t('agentsUi.all')} options={options} />;
}
