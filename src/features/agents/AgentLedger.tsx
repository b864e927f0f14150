import { useEffect, useState } from 'react';
import Papa from 'papaparse';
import { useTranslation } from 'react-i18next';
import type { Statement, StatementRow } from '../../../contract/ledger';
import { DateText, formatDate, MoneyText } from '../../ui/format';
import { PageHeader } from '../../ui/page';
import { TextInput } from '../../ui/fields';
import { DataTable, ListFilters, type Column } from '../../ui/table';
import { useRecord } from '../../ui/records';
import { getStatement } from './api';
import { ledgerReference, useLedgerWords } from './ledger-words';
import { formatMoney, isolateLtr } from '../../../contract/format/money';
import { formatDayAt } from '../../../contract/format/time';
import { parseMinor, type Money } from '../../../contract/money';
import { useUser } from '../../app/auth';
import { useWalletBalance } from '../../layouts/wallet-actor';

/**
 * CSV of a statement in the reader's words, as the screen shows it (papaparse quotes descriptions with commas,
 * quotes or newlines): each row says what happened and the booking reference it was about, its day in the rule's
 * zone and its amounts written as everywhere else; nothing internal (the posting's own reference stays in the app).
 */
export function statementCsv(st: Statement, t: (k: string) => string, words: (r: StatementRow) => string, lng: string): string {
  const amount = (m: Money) => (parseMinor(m.amount) ? formatMoney(m) : '');
  const rows = [
    { date: '', type: t('ledger.opening'), reference: '', description: '', debit: '', credit: '', balance: formatMoney(st.opening_balance) },
    ...st.rows.map((r) => ({
      date: formatDayAt(r.date, lng, { weekday: false }), type: t(`ledger.types.${r.type}`), reference: ledgerReference(r.subject), description: words(r),
      debit: amount(r.debit), credit: amount(r.credit), balance: formatMoney(r.balance),
    })),
    { date: '', type: t('ledger.closing'), reference: '', description: '', debit: formatMoney(st.total_debit), credit: formatMoney(st.total_credit), balance: formatMoney(st.closing_balance) },
  ];
  // The header row in the reader's words too, as the screen's column heads.
  const columns = ['date', 'type', 'reference', 'description', 'debit', 'credit', 'balance'] as const;
  const heads: Record<(typeof columns)[number], string> = { date: 'ledger.date', type: 'ledger.type', reference: 'ledger.reference', description: 'ledger.description', debit: 'ledger.debit', credit: 'ledger.credit', balance: 'ledger.runningBalance' };
  return Papa.unparse({ fields: columns.map((c) => t(heads[c])), data: rows.map((r) => columns.map((c) => r[c])) });
}

export function StatementView({ agentId }: { agentId?: string | null }) {
  const { t, i18n } = useTranslation();
  const words = useLedgerWords();
  const [range, setRange] = useState({ from: '', to: '' });
  const { from, to } = range;
  const st = useRecord<Statement>((key, signal) => getStatement({ ...JSON.parse(String(key)), agent_id: agentId }, signal), JSON.stringify(range));
  const choose = (next: { from: string; to: string }) => { setRange(next); st.open(JSON.stringify(next)); };
  const data = st.data;
  const staff = useUser()?.role !== 'agent';
  // An agent's own statement up to today reloads when its wallet moved since (the tab's wallet heard it).
  const heard = useWalletBalance();
  useEffect(() => {
    if (!agentId && !to && heard && data && heard.amount !== data.closing_balance.amount) st.reload();
  }, [heard?.amount]); // eslint-disable-line react-hooks/exhaustive-deps
  function download() {
    if (!data) return;
    const blob = new Blob(['\ufeff', statementCsv(data, t, words, i18n.language)], { type: 'text/csv;charset=utf-8' });
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
    // The booking reference under the words; staff read the posting's own reference in the tooltip.
    { key: 'desc', label: t('ledger.description'), render: (r) => <><span dir="auto" title={staff ? t('ledger.technicalReference', { reference: isolateLtr(r.reference) }) : undefined}>{words(r)}</span>{ledgerReference(r.subject) ? <><br /><small className="muted" dir="ltr">{ledgerReference(r.subject)}</small></> : null}</> },
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
