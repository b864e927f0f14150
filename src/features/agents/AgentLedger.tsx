import { useState } from 'react';
import Papa from 'papaparse';
import { useTranslation } from 'react-i18next';
import type { Statement, StatementRow } from '../../../contract/agents';
import { DateText, formatDate, MoneyText } from '../../ui/format';
import { PageHeader } from '../../ui/page';
import { TextInput } from '../../ui/fields';
import { DataTable, ListFilters, type Column } from '../../ui/table';
import { useRecord } from '../../ui/records';
import { getStatement } from './api';
import { useLedgerWords } from './ledger-words';

/**
 * CSV of a statement in the reader's words, as the screen shows it (papaparse quotes descriptions with commas,
 * quotes or newlines). The reference stays as posted: it is what accounts staff search by.
 */
export function statementCsv(st: Statement, t: (k: string) => string, words: (r: StatementRow) => string): string {
  const rows = [
    { date: '', type: t('ledger.opening'), reference: '', description: '', debit: '', credit: '', balance: st.opening_balance.amount },
    ...st.rows.map((r) => ({ date: r.date.slice(0, 10), type: t(`ledger.types.${r.type}`), reference: r.reference, description: words(r), debit: r.debit.amount, credit: r.credit.amount, balance: r.balance.amount })),
    { date: '', type: t('ledger.closing'), reference: '', description: '', debit: st.total_debit.amount, credit: st.total_credit.amount, balance: st.closing_balance.amount },
  ];
  return Papa.unparse(rows, { columns: ['date', 'type', 'reference', 'description', 'debit', 'credit', 'balance'] });
}

export function StatementView({ agentId }: { agentId?: string | null }) {
  const { t, i18n } = useTranslation();
  const words = useLedgerWords();
  const [range, setRange] = useState({ from: '', to: '' });
  const { from, to } = range;
  const st = useRecord<Statement>((key, signal) => getStatement({ ...JSON.parse(String(key)), agent_id: agentId }, signal), JSON.stringify(range));
  const choose = (next: { from: string; to: string }) => { setRange(next); st.open(JSON.stringify(next)); };
  const data = st.data;
  function download() {
    if (!data) return;
    const blob = new Blob(['\ufeff', statementCsv(data, t, words)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `statement-${data.agent.agent_code ?? data.agent.id}-${from || 'start'}-${to || 'today'}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  }
  const columns: Column<StatementRow>[] = [
    { key: 'date', label: t('ledger.date'), render: (r) => <DateText value={r.date} time /> },
    { key: 'type', label: t('ledger.type'), render: (r) => t(`ledger.types.${r.type}`) },
    { key: 'desc', label: t('ledger.description'), render: (r) => <><span dir="auto">{words(r)}</span><br /><small className="muted" dir="ltr">{r.reference}</small></> },
    { key: 'debit', label: t('ledger.debit'), align: 'end', render: (r) => (Number(r.debit.amount) ? <MoneyText value={r.debit} className="money-debit" /> : '') },
    { key: 'credit', label: t('ledger.credit'), align: 'end', render: (r) => (Number(r.credit.amount) ? <MoneyText value={r.credit} className="money-credit" /> : '') },
    { key: 'balance', label: t('ledger.runningBalance'), align: 'end', render: (r) => <MoneyText value={r.balance} /> },
  ];
  return (
    <>
      <PageHeader title={t('ledger.title')} subtitle={data ? <span dir="auto">{data.agent.company_name ?? data.agent.name} · <span dir="ltr">{data.agent.agent_code}</span></span> : null}
        actions={<>
          <button type="button" className="btn btn-secondary" disabled={!data} onClick={download}>{t('ledger.exportCsv')}</button>
          <button type="button" className="btn btn-secondary" disabled={!data} onClick={() => window.print()}>{t('ledger.print')}</button>
        </>} />
      <div className="print-only">
        <h2>{t('ledger.title')} — {data?.agent.company_name}</h2>
        <p>{from ? formatDate(from, i18n.language) : t('ledger.start')} – {to ? formatDate(to, i18n.language) : t('ledger.today')}</p>
      </div>
      <ListFilters>
        <div className="filters">
          <TextInput name="from" type="date" dir="ltr" label={t('ledger.from')} value={from} onChange={(v) => choose({ from: v, to })} />
          <TextInput name="to" type="date" dir="ltr" label={t('ledger.to')} value={to} onChange={(v) => choose({ from, to: v })} />
          {from || to ? <button type="button" className="btn btn-ghost" onClick={() => choose({ from: '', to: '' })}>{t('ledger.clear')}</button> : null}
        </div>
      </ListFilters>
      <div className="summary-row">
        <div className="card"><div className="stat-label">{t('ledger.opening')}</div><div className="stat-value"><MoneyText value={data?.opening_balance} /></div></div>
        <div className="card"><div className="stat-label">{t('ledger.totalDebit')}</div><div className="stat-value"><MoneyText value={data?.total_debit} className="money-debit" /></div></div>
        <div className="card"><div className="stat-label">{t('ledger.totalCredit')}</div><div className="stat-value"><MoneyText value={data?.total_credit} className="money-credit" /></div></div>
        <div className="card"><div className="stat-label">{t('ledger.closing')}</div><div className="stat-value" data-testid="closing-balance"><MoneyText value={data?.closing_balance} /></div></div>
      </div>
      {st.failed ? (
        <div className="card state-card" role="alert"><p>{t('common.listFailed')}</p><button type="button" className="btn btn-secondary" onClick={() => st.send({ type: 'RETRY' })}>{t('common.retry')}</button></div>
      ) : (
        <DataTable rows={data?.rows ?? null} columns={columns} loading={st.loading} empty={t('ledger.noRows')} caption={t('ledger.title')} />
      )}
    </>
  );
}

/** /agent/agent-ledger: the agent's own statement. */
export default function AgentLedger() {
  return <StatementView />;
}
