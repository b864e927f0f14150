import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CABINS } from '../../../contract/flight-choices';
import { ExternalPnrInput, type ExternalPnrRow } from '../../../contract/pnr-console';
import { titleChoices } from '../../../contract/titles';
import { PageHeader } from '../../ui/page';
import { translateServer } from '../../i18n';
import { OrderStatus } from './PreviewSummary';
import { SelectInput, Submit, TextInput } from '../../ui/fields';
import { DataTable, type Column } from '../../ui/table';
import { DateText, MoneyText } from '../../ui/format';
import { useResourceForm } from '../../ui/forms';
import { useRecord, useRecordOf } from '../../ui/records';
import { agentLabel, listBookingAgents } from '../bookings/api';
import { createExternalPnr, listExternalPnrs } from './console-api';
import { FlightChangeForm } from '../schedule-changes/FlightChangeForm';
import '../bookings/bookings.css';
import './console.css';
import './console-strings';

type PassengerDraft = { type: string; title: string; first_name: string; last_name: string; dob: string; nationality: string; passport: string };
// No title assumed: it is the passenger's (and names the gender the supplier records).
const emptyPassenger = (): PassengerDraft => ({ type: 'ADT', title: '', first_name: '', last_name: '', dob: '', nationality: 'PK', passport: '' });
const EMPTY = { origin: '', destination: '', date: '', return_date: '', cabin: 'Y', agent_id: '', agency: '', passengers: [emptyPassenger()] };
type Values = typeof EMPTY;

/**
 * The embedded supplier's console (staff who import PNRs): PNRs booked through other channels, as an agency
 * books in its own GDS terminal, and a form to book one; import by record locator then finds them.
 */
export function SupplierConsole() {
  const { t } = useTranslation();
  const list = useRecordOf(listExternalPnrs, 'all');
  const agents = useRecord((_, signal) => listBookingAgents(signal));
  const form = useResourceForm<Values>({
    schema: ExternalPnrInput,
    toBody: (v) => ({ ...v, agent_id: v.agent_id ? Number(v.agent_id) : null, return_date: v.return_date || null }),
    save: ({ values }, signal) => createExternalPnr(values, crypto.randomUUID(), signal).then((r) => ({ message: r.message })),
  }, { values: EMPTY }, (e) => { if (e.type === 'saved') list.reload(); });
  const { values, errors, busy } = form;
  const setPax = (i: number, patch: Partial<PassengerDraft>) => form.set('passengers')(values.passengers.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const agentOptions = (agents.data ?? []).map((a) => ({ value: String(a.id), label: agentLabel(a) }));

  const columns: Column<ExternalPnrRow & { id: string }>[] = [
    {
      key: 'pnr', label: t('pnrConsole.locator'),
      render: (r) => <><span className="bk-pnr" dir="ltr">{r.pnr}</span>{r.booking_id ? <Link className="bk-sub" href={`/admin/direct-booking-details?id=${r.booking_id}`}>{t('pnrConsole.open')}</Link> : <span className="bk-sub">{t('pnrConsole.notYet')}</span>}</>,
    },
    { key: 'route', label: t('pnrConsole.route'), render: (r) => <span className="bk-route" dir="ltr">{r.origin} → {r.destination}{r.return_date ? ` → ${r.origin}` : ''}</span> },
    { key: 'date', label: t('pnrConsole.dates'), render: (r) => <><DateText value={r.departure_date} />{r.return_date ? <span className="bk-sub"><DateText value={r.return_date} /></span> : null}</> },
    { key: 'pax', label: t('pnrConsole.passengers'), render: (r) => r.passengers.map((p, i) => <span key={i} className="pc-pax" dir="ltr">{p.name}</span>) },
    { key: 'for', label: t('pnrConsole.bookedFor'), render: (r) => <>{r.agency || r.agent?.name}{r.agent ? <span className="bk-sub" dir="ltr">{r.agent.email}</span> : null}</> },
    {
      key: 'status', label: t('pnrConsole.status'),
      render: (r) => <><OrderStatus status={r.status} /><span className="pc-fare"><MoneyText value={r.price} /></span><span className="bk-sub">{t('pnrConsole.created')} <DateText value={r.created_at} /></span></>,
    },
  ];

  return (
    <section>
      <PageHeader title={t('pnrConsole.title')} subtitle={t('pnrConsole.subtitle')} />
      <form className="card bk-card" onSubmit={form.submit} noValidate aria-busy={form.loading} aria-labelledby="console-new">
        <h2 id="console-new">{t('pnrConsole.new')}</h2>
        <div className="bk-row pc-row">
          <TextInput name="origin" label={t('pnrConsole.from')} dir="ltr" hint={t('pnrConsole.iataHint')} value={values.origin} onChange={(v) => form.set('origin')(v.toUpperCase())} error={errors.origin} />
          <TextInput name="destination" label={t('pnrConsole.to')} dir="ltr" value={values.destination} onChange={(v) => form.set('destination')(v.toUpperCase())} error={errors.destination} />
          <TextInput name="date" type="date" label={t('pnrConsole.departure')} value={values.date} onChange={form.set('date')} error={errors.date} />
          <TextInput name="return_date" type="date" label={t('pnrConsole.return')} hint={t('pnrConsole.returnHint')} value={values.return_date} onChange={form.set('return_date')} error={errors.return_date} />
          <SelectInput name="cabin" label={t('pnr.form.cabin')} value={values.cabin} options={CABINS.map((c) => ({ value: c, label: t(`bookings.cabin.${c}`) }))} onChange={form.set('cabin')} error={errors.cabin} />
        </div>
        <div className="bk-row pc-row">
          <SelectInput name="agent_id" label={t('pnrConsole.agent')} value={values.agent_id} placeholder={t('pnrConsole.noAccount')} options={agentOptions} onChange={form.set('agent_id')} error={errors.agent_id} />
          <TextInput name="agency" label={t('pnrConsole.agency')} hint={t('pnrConsole.agencyHint')} value={values.agency} onChange={form.set('agency')} error={errors.agency} />
        </div>
        <h3>{t('pnr.form.passengers')}</h3>
        {errors.passengers ? <p className="field-error" role="alert">{translateServer(errors.passengers)}</p> : null}
        {values.passengers.map((p, i) => (
          <fieldset className="bk-row pc-row" key={i} aria-label={`${t('pnr.form.passenger')} ${i + 1}`}>
            <SelectInput name={`pax-${i}-type`} label={t('pnr.form.type')} value={p.type} options={(['ADT', 'CNN', 'INF'] as const).map((x) => ({ value: x, label: t(`bookings.paxType.${x}`) }))} onChange={(v) => setPax(i, { type: v })} error={errors[`passengers.${i}.type`]} />
            <SelectInput name={`pax-${i}-title`} label={t('pnr.form.title')} value={p.title} placeholder={t('pnrConsole.chooseTitle')}
              options={titleChoices(p.type, '', p.title).map((x) => ({ value: x, label: t(`pnrConsole.titles.${x}`, { defaultValue: x }) }))} onChange={(v) => setPax(i, { title: v })} error={errors[`passengers.${i}.title`]} />
            <TextInput name={`pax-${i}-first`} label={t('pnr.form.firstName')} dir="ltr" value={p.first_name} onChange={(v) => setPax(i, { first_name: v })} error={errors[`passengers.${i}.first_name`]} />
            <TextInput name={`pax-${i}-last`} label={t('pnr.form.lastName')} dir="ltr" value={p.last_name} onChange={(v) => setPax(i, { last_name: v })} error={errors[`passengers.${i}.last_name`]} />
            <TextInput name={`pax-${i}-dob`} type="date" label={t('pnrConsole.dob')} value={p.dob} onChange={(v) => setPax(i, { dob: v })} error={errors[`passengers.${i}.dob`]} />
            <TextInput name={`pax-${i}-nationality`} label={t('pnrConsole.nationality')} dir="ltr" value={p.nationality} onChange={(v) => setPax(i, { nationality: v.toUpperCase() })} error={errors[`passengers.${i}.nationality`]} />
            <TextInput name={`pax-${i}-passport`} label={t('pnrConsole.passport')} dir="ltr" value={p.passport} onChange={(v) => setPax(i, { passport: v.toUpperCase() })} error={errors[`passengers.${i}.passport`]} />
            {values.passengers.length > 1 ? <button type="button" className="btn btn-ghost" onClick={() => form.set('passengers')(values.passengers.filter((_, j) => j !== i))}>{t('pnr.form.remove')}</button> : null}
          </fieldset>
        ))}
        <div className="form-actions">
          {values.passengers.length < 9 ? <button type="button" className="btn btn-secondary" onClick={() => form.set('passengers')([...values.passengers, emptyPassenger()])}>{t('pnr.form.addPassenger')}</button> : null}
          <Submit busy={busy}>{t('pnrConsole.book')}</Submit>
        </div>
      </form>
      <FlightChangeForm />
      <h2 style={{ marginBlock: '1.5rem 0.75rem' }}>{t('pnrConsole.listTitle')}</h2>
      {list.failed ? <p className="field-error" role="alert">{t('pnrConsole.loadFailed')} <button type="button" className="btn btn-ghost" onClick={list.reload}>{t('common.retry')}</button></p> : null}
      <DataTable caption={t('pnrConsole.listTitle')} rows={list.data ? list.data.map((r) => ({ ...r, id: r.pnr })) : null} loading={list.loading} columns={columns} empty={t('pnrConsole.empty')} />
    </section>
  );
}
