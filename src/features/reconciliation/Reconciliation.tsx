import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { NotBilledDocument, StatementDetail, StatementLine, StatementSummary } from '../../../contract/reconciliation';
import { can } from '../../../contract/permissions';
import { formatDay } from '../../../contract/format/time';
import { reconciliationMachine, type ReconciliationTab } from '../../../machines/reconciliation';
import { useUser } from '../../app/auth';
import { DateText, formatMoney, MoneyText } from '../../ui/format';
import { BackLink, PageHeader } from '../../ui/page';
import { TextInput } from '../../ui/fields';
import { DataTable, type Column } from '../../ui/table';
import { ConfirmBox } from '../../ui/lists';
import { useMachineScreen } from '../../ui/machines';
import { useRecordOf } from '../../ui/records';
import { translateServer } from '../../i18n';
import { exportHref, listStatements, reconciliationActors } from './api';
import './reconciliation.css';

const BASE = '/admin/reconciliation';
const TABS: ReconciliationTab[] = ['matched', 'unmatched', 'variances', 'not_billed', 'memos'];
const inTab = (tab: ReconciliationTab) => (l: StatementLine) =>
  tab === 'memos' ? l.match_status === 'memo' : tab === 'variances' ? l.match_status === 'variance' : l.match_status === tab;

const countOf = (s: StatementDetail, tab: ReconciliationTab) => (tab === 'not_billed' ? s.not_billed.length : s.items.filter(inTab(tab)).length);

/** Tickets, voids and refunds we recorded in the period that the supplier's statement leaves out. */
function NotBilledTable({ docs, busy }: { docs: NotBilledDocument[] | null; busy: boolean }) {
  const { t } = useTranslation();
  type Row = NotBilledDocument & { id: string };
  const columns: Column<Row>[] = [
    { key: 'doc', label: t('reconciliation.document'), render: (d) => <><span dir="ltr">{d.document_number}</span><br /><small className="muted">{t(`reconciliation.types.${d.transaction_type}`)} · <DateText value={d.issue_date} /></small></> },
    { key: 'pax', label: t('reconciliation.passenger'), render: (d) => <><span dir="ltr">{d.passenger}</span><br /><small className="muted" dir="ltr">{d.route}</small></> },
    { key: 'booking', label: t('reconciliation.booking'), render: (d) => <Link href={`/admin/booking-details?id=${d.booking.id}`} dir="ltr">{d.booking.pnr}</Link> },
    { key: 'net', label: t('reconciliation.netSold'), align: 'end', render: (d) => <MoneyText value={d.net} /> },
  ];
  return (
    <>
      <p className="muted">{t('reconciliation.notBilledHint')}</p>
      <DataTable rows={docs?.map((d) => ({ ...d, id: `${d.transaction_type}:${d.document_number}` })) ?? null} columns={columns} loading={busy} empty={t('reconciliation.emptyTab')} caption={t('reconciliation.tab.not_billed')} />
    </>
  );
}

/** /admin/reconciliation: supplier statements, the import form, and (with ?id=) one statement to review and close. */
export default function ReconciliationScreen() {
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  return id ? <StatementPage key={id} id={id} /> : <StatementsPage />;
}

function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${state}`}>{t(`reconciliation.states.${state}`)}</span>;
}

function StatementsPage() {
  const { t } = useTranslation();
  const manage = can(useUser()?.role, 'ledger.manage');
  const list = useRecordOf(listStatements, 'all');
  const columns: Column<StatementSummary>[] = [
    { key: 'period', label: t('reconciliation.period'), render: (s) => <Link href={`${BASE}?id=${s.id}`}><DateText value={s.period.from} /> – <DateText value={s.period.to} /></Link> },
    { key: 'file', label: t('reconciliation.file'), render: (s) => <span dir="auto">{s.file_name}</span> },
    { key: 'counts', label: t('reconciliation.counts'), render: (s) => t('reconciliation.countsText', { lines: s.lines, matched: s.matched, variances: s.variances, unmatched: s.unmatched, memos: s.memos }) },
    { key: 'net', label: t('reconciliation.totalNet'), align: 'end', render: (s) => <MoneyText value={s.total_net} /> },
    { key: 'state', label: t('reconciliation.state'), render: (s) => <StateBadge state={s.closed_at ? 'closed' : 'open'} /> },
  ];
  return (
    <section className="recon">
      <PageHeader title={t('reconciliation.title')} subtitle={t('reconciliation.subtitle')} />
      {manage ? <ImportForm /> : null}
      <DataTable rows={list.data ?? null} columns={columns} loading={list.loading} empty={t('reconciliation.empty')} caption={t('reconciliation.title')} />
    </section>
  );
}

function ImportForm() {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [state, send] = useMachineScreen(reconciliationMachine, { actors: reconciliationActors, input: { statementId: null, detailsBase: BASE } });
  const errors = state.context.fieldErrors;
  const rowProblems = Object.entries(errors).filter(([k]) => k.startsWith('line_'));
  const submit = (e: FormEvent) => { e.preventDefault(); send({ type: 'IMPORT', from, to, file }); };
  return (
    <form className="card recon-import" onSubmit={submit} noValidate>
      <h2>{t('reconciliation.importTitle')}</h2>
      <p className="muted">{t('reconciliation.importHint')}</p>
      <div className="recon-fields">
        <TextInput name="from" type="date" dir="ltr" label={t('reconciliation.from')} value={from} onChange={setFrom} error={errors.from} />
        <TextInput name="to" type="date" dir="ltr" label={t('reconciliation.to')} value={to} onChange={setTo} error={errors.to} />
        <div className="field">
          <label htmlFor="f-file">{t('reconciliation.fileLabel')}</label>
          <input id="f-file" name="file" type="file" accept=".csv,text/csv" aria-invalid={!!errors.file} aria-describedby={errors.file ? 'f-file-error' : undefined}
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
          {errors.file ? <p id="f-file-error" className="field-error">{translateServer(errors.file)}</p> : null}
        </div>
      </div>
      {from && to && from <= to ? (
        <p><a href={`/api/supplier-console/statement?from=${from}&to=${to}`} download data-testid="supplier-statement">{t('reconciliation.supplierStatement')}</a></p>
      ) : null}
      {rowProblems.length ? (
        <div className="recon-problems" role="alert">
          <p>{t('reconciliation.rowProblems')}</p>
          <ul>{rowProblems.map(([k, message]) => <li key={k} dir="auto">{translateServer(message)}</li>)}</ul>
        </div>
      ) : null}
      <div className="button-row"><button type="submit" className="btn btn-primary" disabled={state.matches('importing')}>{t('reconciliation.import')}</button></div>
    </form>
  );
}

function StatementPage({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const manage = can(useUser()?.role, 'ledger.manage');
  const [state, send] = useMachineScreen(reconciliationMachine, { actors: reconciliationActors, input: { statementId: id, detailsBase: BASE } });
  const { statement, tab } = state.context;
  const closed = state.matches('closed');
  const busy = state.matches('loading') || state.matches('savingMemo') || state.matches('closing');
  if (state.matches('loadFailed')) {
    return <section><BackLink href={BASE} label={t('reconciliation.back')} /><p role="alert">{translateServer(state.context.failure?.notice?.text ?? '')}</p><button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>{t('reconciliation.retry')}</button></section>;
  }
  const items = statement ? statement.items.filter(inTab(tab)) : null;
  const columns: Column<StatementLine>[] = [
    { key: 'line', label: t('reconciliation.line'), render: (l) => <span dir="ltr">{l.line}</span> },
    { key: 'doc', label: t('reconciliation.document'), render: (l) => <><span dir="ltr">{l.document_number}</span><br /><small className="muted">{t(`reconciliation.types.${l.transaction_type}`)} · <DateText value={l.issue_date} /></small></> },
    { key: 'pax', label: t('reconciliation.passenger'), render: (l) => <><span dir="ltr">{l.passenger}</span><br /><small className="muted" dir="ltr">{l.route}</small></> },
    { key: 'booking', label: t('reconciliation.booking'), render: (l) => (l.booking ? <Link href={`/admin/booking-details?id=${l.booking.id}`} dir="ltr">{l.booking.pnr}</Link> : <span className="muted">{t('reconciliation.noBooking')}</span>) },
    { key: 'net', label: t('reconciliation.net'), align: 'end', render: (l) => <MoneyText value={l.net} /> },
    { key: 'diff', label: t('reconciliation.difference'), align: 'end', render: (l) => (l.expected_net ? <><MoneyText value={l.difference} /><br /><small className="muted">{t('reconciliation.expected')} <MoneyText value={l.expected_net} /></small></> : '—') },
    ...(tab === 'memos' ? [{
      key: 'memo', label: t('reconciliation.memoState'),
      render: (l: StatementLine) => (
        <>
          <StateBadge state={l.memo?.state ?? 'open'} />
          {manage && !closed ? l.memo?.moves.map((m) => (
            <button key={m} type="button" className="btn btn-ghost" disabled={busy} onClick={() => send({ type: 'MEMO', lineId: l.id, state: m })}>{t(`reconciliation.moves.${m}`)}</button>
          )) : null}
        </>
      ),
    }] : []),
  ];
  return (
    <section className="recon">
      <BackLink href={BASE} label={t('reconciliation.back')} />
      <PageHeader
        title={statement ? t('reconciliation.statementTitle', { from: formatDay(statement.period.from, i18n.language, { weekday: false }), to: formatDay(statement.period.to, i18n.language, { weekday: false }) }) : t('reconciliation.title')}
        subtitle={statement ? t('reconciliation.countsText', { lines: statement.lines, matched: statement.matched, variances: statement.variances, unmatched: statement.unmatched, memos: statement.memos }) : undefined}
        actions={manage && state.matches('review') ? <button type="button" className="btn btn-primary" onClick={() => send({ type: 'CLOSE' })}>{t('reconciliation.close')}</button> : null}
      />
      {state.matches('confirming') || state.matches('closing') ? (
        <ConfirmBox question={t('reconciliation.closeQuestion', { amount: statement ? formatMoney(statement.total_net, i18n.language) : '' })} yes={t('reconciliation.closeYes')} busy={state.matches('closing')} onYes={() => send({ type: 'CONFIRM' })} onNo={() => send({ type: 'CANCEL' })} />
      ) : null}
      {closed && statement ? <p className="recon-closed" role="status">{t('reconciliation.closedOn')} <DateText value={statement.closed_at} time /></p> : null}
      <div className="recon-tabs" role="tablist" aria-label={t('reconciliation.tabs')}>
        {TABS.map((x) => (
          <button key={x} type="button" role="tab" className="recon-tab" aria-selected={tab === x} onClick={() => send({ type: 'TAB', tab: x })}>
            {t(`reconciliation.tab.${x}`)} ({statement ? countOf(statement, x) : 0})
          </button>
        ))}
      </div>
      {tab !== 'memos' && statement ? <a className="btn btn-secondary recon-export" href={exportHref(statement.id, tab)} download>{t('reconciliation.export')}</a> : null}
      {tab === 'not_billed' ? <NotBilledTable docs={statement?.not_billed ?? null} busy={busy} />
        : <DataTable rows={items} columns={columns} loading={busy} empty={t('reconciliation.emptyTab')} caption={t(`reconciliation.tab.${tab}`)} />}
      {statement?.settlement.length ? (
        <div className="card recon-settlement">
          <h2>{t('reconciliation.settlement')}</h2>
          <ul>{statement.settlement.map((e, i) => <li key={i}><span>{t(`reconciliation.accounts.${e.account}`)}</span> <MoneyText value={e.amount} /></li>)}</ul>
        </div>
      ) : null}
    </section>
  );
}
