import { useTranslation } from 'react-i18next';
import { FLIGHT_CHANGE_ACTIONS, FlightChangeBody } from '../../../contract/schedule-changes';
import { SelectInput, Submit, TextInput } from '../../ui/fields';
import { useResourceForm } from '../../ui/forms';
import { changeFlight } from './api';
import './strings';

const EMPTY = { flight_number: '', date: '', action: 'retime', departure_time: '', arrival_time: '', new_flight_number: '' };
type Values = typeof EMPTY;

/**
 * The supplier console's airline side: move one dated flight to new local times, give it a new number, or cancel
 * it. Every booking on it is told, and searches answer it as changed.
 */
export function FlightChangeForm() {
  const { t } = useTranslation();
  const form = useResourceForm<Values>({
    schema: FlightChangeBody,
    toBody: (v) => ({
      flight_number: v.flight_number, date: v.date, action: v.action,
      departure_time: v.action === 'retime' ? v.departure_time || null : null, arrival_time: v.action === 'retime' ? v.arrival_time || null : null,
      new_flight_number: v.action === 'renumber' ? v.new_flight_number || null : null,
    }),
    save: ({ values }, signal) => changeFlight(values, signal).then((r) => ({ message: r.message })),
  }, { values: EMPTY });
  const { values, errors, busy } = form;
  return (
    <form className="card bk-card" onSubmit={form.submit} noValidate aria-labelledby="flight-change" data-testid="flight-change-form">
      <h2 id="flight-change">{t('scheduleChanges.console.title')}</h2>
      <p className="muted">{t('scheduleChanges.console.intro')}</p>
      <div className="bk-row pc-row">
        <TextInput name="flight_number" label={t('scheduleChanges.console.flight')} dir="ltr" value={values.flight_number} onChange={(v) => form.set('flight_number')(v.toUpperCase())} error={errors.flight_number} />
        <TextInput name="date" type="date" label={t('scheduleChanges.console.date')} value={values.date} onChange={form.set('date')} error={errors.date} />
        <SelectInput name="action" label={t('scheduleChanges.console.action')} value={values.action}
          options={FLIGHT_CHANGE_ACTIONS.map((a) => ({ value: a, label: t(`scheduleChanges.console.actions.${a}`) }))} onChange={form.set('action')} error={errors.action} />
      </div>
      {values.action === 'retime' ? (
        <div className="bk-row pc-row">
          <TextInput name="departure_time" type="time" label={t('scheduleChanges.console.departure')} hint={t('scheduleChanges.console.localHint')} value={values.departure_time} onChange={form.set('departure_time')} error={errors.departure_time} />
          <TextInput name="arrival_time" type="time" label={t('scheduleChanges.console.arrival')} value={values.arrival_time} onChange={form.set('arrival_time')} error={errors.arrival_time} />
        </div>
      ) : null}
      {values.action === 'renumber' ? (
        <div className="bk-row pc-row">
          <TextInput name="new_flight_number" label={t('scheduleChanges.console.newNumber')} dir="ltr" value={values.new_flight_number} onChange={(v) => form.set('new_flight_number')(v.toUpperCase())} error={errors.new_flight_number} />
        </div>
      ) : null}
      <div className="form-actions">
        <Submit busy={busy}>{t('scheduleChanges.console.submit')}</Submit>
      </div>
    </form>
  );
}
