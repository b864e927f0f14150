import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { pnrImportMachine, type WalletShortfall } from '../../../machines/pnr-import';
import { PageHeader } from '../../ui/page';
import { formatMoney } from '../../ui/format';
import { TextInput } from '../../ui/fields';
import { useMachineScreen } from '../../ui/machines';
import { translateServer } from '../../i18n';
import { pnrImportActors } from './api';
import { PreviewSummary } from './PreviewSummary';
import { DisplayReading } from './DisplayReading';
import { DirectForm, type DirectDraft } from '../bookings/DirectForm';
import '../bookings/bookings.css';
import './console.css';


const SAMPLE = `RP/KHIPK2100/KHIPK2100            AA/SU  10JAN26/0912Z   X7K2QM
  1.KHAN/AHMED MR   2.KHAN/SARA MRS
  3  PK 301 Y 15MAR 7 KHIDXB HK2  0930 1130  15MAR  E  PK/X7K2QM
  4  PK 302 Y 22MAR 7 DXBKHI HK2  1330 1715   E  PK/X7K2QM`;

/**
 * PNR import: by record locator (the supplier's retrieve) or by pasting a GDS itinerary display; the
 * preview becomes a direct booking for an agent with a margin. Staff in /admin/import-pnr, agents (their own
 * PNRs, ticketed by staff) in /agent/agent-import-pnr.
 */
export function ImportPnr({ detailsBase, area }: { detailsBase: string; area: 'admin' | 'agent' }) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<'locator' | 'paste'>('locator');
  const [locator, setLocator] = useState('');
  const [text, setText] = useState('');
  const [state, send] = useMachineScreen(pnrImportMachine, { actors: pnrImportActors(area === 'admin' ? 'staff' : 'import'), input: { detailsBase } });
  const { preview, existing, fieldErrors, short } = state.context;
  const busy = state.matches('lookingUp');
  // The last look-up's failure, under the field that asked (the machine keeps one at a time).
  const notice = state.matches('asking') ? state.context.failure?.notice : null;
  const fieldError = state.context.asked?.how === mode ? fieldErrors.pnr ?? fieldErrors.text ?? notice?.text ?? (notice?.key ? t(notice.key) : undefined) : undefined;
  const lookUp = (e: FormEvent) => { e.preventDefault(); send({ type: 'LOOK_UP', how: mode, value: mode === 'locator' ? locator : text }); };
  const draft: DirectDraft | null = preview ? {
    source: preview.source, pnr: preview.pnr ?? '', supplier: preview.supplier, airline_pnr: '',
    segments: preview.segments.map((s) => ({ airline: s.airline, flight_number: s.flight_number, booking_class: s.booking_class, cabin: s.cabin, date: s.date, origin: s.origin, destination: s.destination, departure_time: s.departure_time, arrival_time: s.arrival_time, arrival_day_offset: s.arrival_day_offset })),
    passengers: preview.passengers.map((p) => ({
      type: p.type, title: p.title, first_name: p.first_name, last_name: p.last_name, dob: p.dob, ticket_number: p.ticket_number,
      gender: p.gender ?? '', document_no: p.document?.number ?? '',
    })),
    fares: preview.fares, raw_display: preview.source === 'display' ? state.context.asked?.value ?? null : null,
  } : null;

  return (
    <section>
      <PageHeader title={t(area === 'admin' ? 'pnr.title' : 'pnr.agentTitle')} subtitle={t(area === 'admin' ? 'pnr.subtitle' : 'pnr.agentSubtitle')} />
      <div className="bk-tabs" role="group" aria-label={t('pnr.how')}>
        <button type="button" className="bk-tab" aria-pressed={mode === 'locator'} onClick={() => setMode('locator')}>{t('pnr.byLocator')}</button>
        <button type="button" className="bk-tab" aria-pressed={mode === 'paste'} onClick={() => setMode('paste')}>{t('pnr.paste')}</button>
      </div>
      <form className="card bk-card" onSubmit={lookUp} noValidate>
        {mode === 'locator' ? (
          <TextInput name="locator" label={t('pnr.locator')} dir="ltr" value={locator} onChange={(v) => setLocator(v.toUpperCase())} error={fieldError} hint={t('pnr.locatorHint')} />
        ) : (
          <div className="field">
            <label className="field-label" htmlFor="pnr-text">{t('pnr.display')}</label>
            <textarea id="pnr-text" className="field-input bk-paste" dir="ltr" spellCheck={false} value={text} placeholder={SAMPLE} onChange={(e) => setText(e.target.value)} aria-invalid={!!fieldError || undefined} />
            <span className="field-description">{t('pnr.displayHint')}</span>
            {fieldError ? <span className="field-error" role="alert">{translateServer(fieldError)}</span> : null}
          </div>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? <><span className="spinner" aria-hidden="true" /> {t('common.pleaseWait')}</> : t('pnr.preview')}</button>
          {mode === 'paste' ? <button type="button" className="btn btn-ghost" onClick={() => setText(SAMPLE)}>{t('pnr.sample')}</button> : null}
        </div>
      </form>

      {existing ? <p className="bk-note">{t('pnr.already')} <Link href={`${detailsBase}?id=${existing.id}`} className="bk-pnr">{existing.pnr}</Link></p> : null}
      {preview ? (
        <div className="bk-rows" style={{ marginBlockStart: '1rem' }}>
          <DisplayReading preview={preview} />
          {preview.source === 'supplier' ? <PreviewSummary preview={preview} /> : null}
          {preview.total && preview.source !== 'supplier' ? <p className="muted">{t('pnr.displayTotal', { amount: formatMoney(preview.total, i18n.language) })}</p> : null}
          {/* Kept mounted while the form is checked and sent, so what was typed stays when it comes back refused. */}
          {short ? <WalletShort short={short} area={area} onSave={() => send({ type: 'SAVE_UNTICKETED' })} onEdit={() => send({ type: 'EDIT' })} /> : null}
          {draft && (state.matches('filling') || state.matches('checking') || state.matches('submitting') || state.matches('short')) ? (
            <DirectForm key={JSON.stringify(state.context.asked)} initial={draft} unreadLines={preview.unread_lines ?? 0} busy={state.matches('checking') || state.matches('submitting')} errors={fieldErrors} onSubmit={(body) => send({ type: 'SUBMIT', body })} />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Ticketing that the wallet cannot cover, in words with the server's figures: what it needs, what the wallet has
 * available, how much is short. The booking may be saved unticketed (ticketed from its page once topped up); an
 * agent is offered its deposit page, staff the way back to the form.
 */
function WalletShort({ short, area, onSave, onEdit }: { short: WalletShortfall; area: 'admin' | 'agent'; onSave: () => void; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const money = (m: WalletShortfall['needed']) => formatMoney(m, i18n.language);
  const who = area === 'agent' ? 'own' : 'agent';
  return (
    <div className="card bk-card bk-short" role="alert" data-testid="wallet-short">
      <h2>{t('pnr.short.title')}</h2>
      <p>{t(`pnr.short.${who}`, { needed: money(short.needed), available: money(short.available), shortfall: money(short.shortfall) })}</p>
      <p className="muted">{t(`pnr.short.${who}Later`)}</p>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={onSave}>{t('pnr.short.saveUnticketed')}</button>
        {area === 'agent' ? <Link href="/agent/agent-deposit" className="btn btn-secondary">{t('pnr.short.addFunds')}</Link> : null}
        <button type="button" className="btn btn-ghost" onClick={onEdit}>{t('pnr.short.back')}</button>
      </div>
    </div>
  );
}
