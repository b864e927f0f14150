import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { SelectInput, Submit, TextInput } from '../../ui/fields';
import { useRecord } from '../../ui/records';
import { agentLabel, listBookingAgents } from './api';
import { translateServer } from '../../i18n';
import { useAnsweredErrors } from '../../ui/answered';
import './bookings.css';

export interface SegmentDraft { airline: string; flight_number: string; booking_class: string; cabin: string; date: string; origin: string; destination: string; departure_time: string; arrival_time: string; arrival_day_offset: number }
export interface PassengerDraft { type: 'ADT' | 'CNN' | 'INF'; title: string; first_name: string; last_name: string; dob?: string | null; ticket_number?: string | null; gender?: string; document_no?: string }
export interface FareDraft { type: 'ADT' | 'CNN' | 'INF'; base: string; taxes: string }
export interface DirectDraft {
  source: 'manual' | 'supplier' | 'display';
  pnr: string;
  supplier?: string | null;
  airline_pnr: string;
  segments: SegmentDraft[];
  passengers: PassengerDraft[];
  fares: FareDraft[];
  raw_display?: string | null;
}

export const emptySegment = (): SegmentDraft => ({ airline: '', flight_number: '', booking_class: 'Y', cabin: 'Y', date: '', origin: '', destination: '', departure_time: '', arrival_time: '', arrival_day_offset: 0 });
export const emptyPassenger = (): PassengerDraft => ({ type: 'ADT', title: '', first_name: '', last_name: '' });
/** The titles offered; a title the source printed that is not among them is offered too. */
const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mstr', 'Dr'];

/**
 * A direct booking for an agent: flights, passengers, fares, margin. Staff choose the agent and may ticket at
 * once (the agent's wallet pays total + margin); agents importing their own PNR send it for staff to ticket.
 * A supplier PNR keeps the supplier's flights, passengers and fare (read-only here).
 */
export function DirectForm({ initial, busy, errors: answered, onSubmit, unreadLines = 0 }: { initial: DirectDraft; busy: boolean; errors: Record<string, string>; onSubmit: (body: unknown) => void; unreadLines?: number }) {
  const { t } = useTranslation();
  const user = useUser();
  const staff = can(user?.role, 'pnr.import');
  // The draft as typed, until it is sent (the import machine sends it and says what the server refused).
  const [d, setD] = useState<DirectDraft>(initial);
  const [agentId, setAgentId] = useState(new URLSearchParams(window.location.search).get('agent_id') ?? '');
  const [margin, setMargin] = useState('0.00');
  const [issue, setIssue] = useState(true);
  const [note, setNote] = useState('');
  // A pasted display with lines that were not read is saved only once the user says they checked them.
  const [unreadChecked, setUnreadChecked] = useState(false);
  // The server's messages are about what was sent: each stays under its field until that field is changed.
  const { errors, sending } = useAnsweredErrors(answered, { ...d, agent_id: agentId, margin, unread_checked: unreadChecked });
  const agents = useRecord((_, signal) => (staff ? listBookingAgents(signal) : Promise.resolve([])));
  const readOnly = d.source === 'supplier';
  // An agent pays at once from its wallet only for a supplier's PNR (the supplier's fare); typed fares go to staff.
  const agentMayIssue = !staff && d.source === 'supplier';
  const types = [...new Set(d.passengers.map((p) => p.type))];
  const fares = types.map((ty) => d.fares.find((f) => f.type === ty) ?? { type: ty, base: '', taxes: '' });

  const setSeg = (i: number, patch: Partial<SegmentDraft>) => setD({ ...d, segments: d.segments.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const setPax = (i: number, patch: Partial<PassengerDraft>) => setD({ ...d, passengers: d.passengers.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const setFare = (ty: FareDraft['type'], patch: Partial<FareDraft>) => setD({ ...d, fares: [...fares.filter((f) => f.type !== ty), { ...fares.find((f) => f.type === ty)!, ...patch }] });

  function submit(e: FormEvent) {
    e.preventDefault();
    sending();
    const body = {
      source: d.source, pnr: d.pnr || undefined, supplier: d.supplier ?? undefined, airline_pnr: d.airline_pnr || null,
      ...(readOnly ? {} : {
        segments: d.segments.map((s) => ({ ...s, flight_number: s.flight_number.toUpperCase().startsWith(s.airline.toUpperCase()) ? s.flight_number : `${s.airline}${s.flight_number}` })),
        passengers: d.passengers.map(({ ticket_number: _t, ...p }) => ({ ...p, dob: p.dob || null })),
        fares,
      }),
      raw_display: d.raw_display ?? null,
      note: note || null,
      ...(unreadLines ? { unread_checked: unreadChecked } : {}),
      ...(staff ? { agent_id: agentId ? Number(agentId) : undefined, margin: margin || '0', issue } : agentMayIssue ? { issue } : {}),
    };
    onSubmit(body);
  }

  const agentOptions = (agents.data ?? []).map((a) => ({ value: String(a.id), label: agentLabel(a) }));
  return (
    <form className="bk-rows" onSubmit={submit} noValidate>
      <div className="card bk-card">
        <h2>{t('pnr.form.booking')}</h2>
        <div className="bk-row">
          {staff ? <SelectInput name="agent_id" label={t('pnr.form.agent')} required value={agentId} placeholder={t('pnr.form.chooseAgent')} options={agentOptions} onChange={setAgentId} error={errors.agent_id} /> : null}
          <TextInput name="pnr" label={t('pnr.form.pnr')} dir="ltr" value={d.pnr} hint={d.source === 'manual' ? t('pnr.form.pnrHint') : undefined} onChange={(v) => setD({ ...d, pnr: v.toUpperCase() })} error={errors.pnr} />
          <TextInput name="airline_pnr" label={t('pnr.form.airlinePnr')} dir="ltr" value={d.airline_pnr} onChange={(v) => setD({ ...d, airline_pnr: v.toUpperCase() })} error={errors.airline_pnr} />
        </div>
      </div>

      <div className="card bk-card">
        <h2>{t('pnr.form.flights')}</h2>
        {errors.segments ? <p className="field-error" role="alert">{translateServer(errors.segments)}</p> : null}
        {d.segments.map((s, i) => (
          <fieldset className="bk-row" key={i} disabled={readOnly} aria-label={`${t('pnr.form.flight')} ${i + 1}`}>
            <TextInput name={`seg-${i}-airline`} label={t('pnr.form.airline')} dir="ltr" value={s.airline} onChange={(v) => setSeg(i, { airline: v.toUpperCase() })} error={errors[`segments.${i}.airline`]} />
            <TextInput name={`seg-${i}-flight`} label={t('pnr.form.flightNo')} dir="ltr" value={s.flight_number} onChange={(v) => setSeg(i, { flight_number: v.toUpperCase() })} error={errors[`segments.${i}.flight_number`]} />
            <TextInput name={`seg-${i}-date`} type="date" label={t('pnr.form.date')} value={s.date} onChange={(v) => setSeg(i, { date: v })} error={errors[`segments.${i}.date`]} />
            <TextInput name={`seg-${i}-from`} label={t('pnr.form.from')} dir="ltr" value={s.origin} onChange={(v) => setSeg(i, { origin: v.toUpperCase() })} error={errors[`segments.${i}.origin`]} />
            <TextInput name={`seg-${i}-to`} label={t('pnr.form.to')} dir="ltr" value={s.destination} onChange={(v) => setSeg(i, { destination: v.toUpperCase() })} error={errors[`segments.${i}.destination`]} />
            <TextInput name={`seg-${i}-dep`} type="time" label={t('pnr.form.departs')} value={s.departure_time} onChange={(v) => setSeg(i, { departure_time: v })} error={errors[`segments.${i}.departure_time`]} />
            <TextInput name={`seg-${i}-arr`} type="time" label={t('pnr.form.arrives')} value={s.arrival_time} onChange={(v) => setSeg(i, { arrival_time: v })} error={errors[`segments.${i}.arrival_time`]} />
            <SelectInput name={`seg-${i}-cabin`} label={t('pnr.form.cabin')} value={s.cabin} options={['Y', 'S', 'C', 'F'].map((c) => ({ value: c, label: t(`bookings.cabin.${c}`) }))} onChange={(v) => setSeg(i, { cabin: v })} />
            {!readOnly && d.segments.length > 1 ? <button type="button" className="btn btn-ghost" onClick={() => setD({ ...d, segments: d.segments.filter((_, j) => j !== i) })}>{t('pnr.form.remove')}</button> : null}
          </fieldset>
        ))}
        {!readOnly ? <div><button type="button" className="btn btn-secondary" onClick={() => setD({ ...d, segments: [...d.segments, emptySegment()] })}>{t('pnr.form.addFlight')}</button></div> : null}
      </div>

      <div className="card bk-card">
        <h2>{t('pnr.form.passengers')}</h2>
        {errors.passengers ? <p className="field-error" role="alert">{translateServer(errors.passengers)}</p> : null}
        {d.passengers.map((p, i) => (
          <fieldset className="bk-row" key={i} disabled={readOnly} aria-label={`${t('pnr.form.passenger')} ${i + 1}`}>
            <SelectInput name={`pax-${i}-type`} label={t('pnr.form.type')} value={p.type} options={(['ADT', 'CNN', 'INF'] as const).map((x) => ({ value: x, label: t(`bookings.paxType.${x}`) }))} onChange={(v) => setPax(i, { type: v as PassengerDraft['type'] })} />
            <SelectInput name={`pax-${i}-title`} label={t('pnr.form.title')} required value={p.title} placeholder={t('pnr.form.chooseTitle')}
              options={[...TITLES, ...(p.title && !TITLES.includes(p.title) ? [p.title] : [])].map((x) => ({ value: x, label: t(`pnr.form.titles.${x}`, { defaultValue: x }) }))}
              onChange={(v) => setPax(i, { title: v })} error={errors[`passengers.${i}.title`]} />
            <TextInput name={`pax-${i}-last`} label={t('pnr.form.lastName')} dir="ltr" value={p.last_name} onChange={(v) => setPax(i, { last_name: v })} error={errors[`passengers.${i}.last_name`]} />
            <TextInput name={`pax-${i}-first`} label={t('pnr.form.firstName')} dir="ltr" value={p.first_name} onChange={(v) => setPax(i, { first_name: v })} error={errors[`passengers.${i}.first_name`]} />
            {!readOnly && d.passengers.length > 1 ? <button type="button" className="btn btn-ghost" onClick={() => setD({ ...d, passengers: d.passengers.filter((_, j) => j !== i) })}>{t('pnr.form.remove')}</button> : null}
          </fieldset>
        ))}
        {!readOnly ? <div><button type="button" className="btn btn-secondary" onClick={() => setD({ ...d, passengers: [...d.passengers, emptyPassenger()] })}>{t('pnr.form.addPassenger')}</button></div> : null}
      </div>

      <div className="card bk-card">
        <h2>{t('pnr.form.fares')}</h2>
        {fares.map((f) => (
          <fieldset className="bk-row" key={f.type} disabled={readOnly}>
            <TextInput name={`fare-${f.type}-base`} inputMode="decimal" dir="ltr" label={`${t('pnr.form.base')} · ${t(`bookings.paxType.${f.type}`)}`} value={f.base} onChange={(v) => setFare(f.type, { base: v })} error={errors[`fares.${f.type}`] ?? errors[`fares.${fares.indexOf(f)}.base`]} />
            <TextInput name={`fare-${f.type}-taxes`} inputMode="decimal" dir="ltr" label={`${t('pnr.form.taxes')} · ${t(`bookings.paxType.${f.type}`)}`} value={f.taxes} onChange={(v) => setFare(f.type, { taxes: v })} error={errors[`fares.${fares.indexOf(f)}.taxes`]} />
          </fieldset>
        ))}
        {staff ? (
          <div className="bk-row">
            <TextInput name="margin" inputMode="decimal" dir="ltr" label={t('pnr.form.margin')} hint={t('pnr.form.marginHint')} value={margin} onChange={setMargin} error={errors.margin} />
            <label className="bk-toggle"><input type="checkbox" name="issue" checked={issue} onChange={(e) => setIssue(e.target.checked)} /> {t('pnr.form.issueNow')}</label>
          </div>
        ) : agentMayIssue ? (
          <label className="bk-toggle"><input type="checkbox" name="issue" checked={issue} onChange={(e) => setIssue(e.target.checked)} /> {t('pnr.form.ticketFromWallet')}</label>
        ) : <p className="bk-note">{t('pnr.form.agentNote')}</p>}
        <TextInput name="note" label={t('pnr.form.note')} value={note} onChange={setNote} />
        {unreadLines ? (
          <div className="field">
            <label className="bk-toggle"><input type="checkbox" name="unread_checked" checked={unreadChecked} onChange={(e) => setUnreadChecked(e.target.checked)} aria-invalid={!!errors.unread_checked || undefined} /> {t('pnr.reading.confirmUnread', { count: unreadLines })}</label>
            {errors.unread_checked ? <span className="field-error" role="alert">{translateServer(errors.unread_checked)}</span> : null}
          </div>
        ) : null}
        {errors.amount ? <p className="field-error" role="alert">{translateServer(errors.amount)}</p> : null}
        <div className="form-actions"><Submit busy={busy}>{staff && issue ? t('pnr.form.saveIssue') : agentMayIssue && issue ? t('pnr.form.saveTicket') : t('pnr.form.save')}</Submit></div>
      </div>
    </form>
  );
}
