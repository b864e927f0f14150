import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { titleChoices, titleText } from '../../../contract/titles';
import type { PaxDraft, PaxField } from '../../../machines/flight-passengers';
import type { SavedTraveller } from '../../../machines/flight-booking';
import { DatePicker } from '../../components/date-picker/DatePicker';
import { translateServer } from '../../i18n';
import { formatDay } from '../../../contract/format/time';

/**
 * One passenger of the flight checkout. The values and their messages are the booking machine's; each field sends
 * its change. No title is chosen for the traveller: the list offers the titles of the passenger's type, then of the
 * gender once one is chosen (choosing a title sets the gender).
 */
export function PassengerCard({ index, pax, errors, countries, firstDay, runsOut, saved, onSet, onUseSaved }: {
  index: number; pax: PaxDraft; errors: Record<string, string>; countries: { code: string; name: string }[];
  /** The first travel day, for the age rule's words. */
  firstDay: string;
  /** The passport runs out within six months of the last flight. */
  runsOut: boolean;
  /** An agent's saved travellers of this passenger's type (none for others). */
  saved: SavedTraveller[];
  onSet: (field: PaxField, value: string) => void; onUseSaved: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const key = (f: PaxField) => `travellers.${index}.${f}`;
  const err = (f: PaxField) => (errors[key(f)] ? translateServer(errors[key(f)]) : null);
  const field = (f: PaxField, label: string, control: ReactNode) => (
    <label className="field">
      <span className="field-label">{label}</span>
      {control}
      {err(f) ? <span className="field-error" role="alert">{err(f)}</span> : null}
    </label>
  );
  const select = (f: PaxField, label: string, options: { value: string; label: string }[], placeholder?: string) => field(f, label,
    <select className="field-input" name={key(f)} value={pax[f]} onChange={(e) => onSet(f, e.target.value)} aria-invalid={!!err(f)}>
      {placeholder !== undefined ? <option value="" disabled={!!pax[f]}>{placeholder}</option> : null}
      {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
    </select>);
  const text = (f: PaxField, label: string, extra: Record<string, string> = {}) => field(f, label,
    <input className="field-input" name={key(f)} value={pax[f]} onChange={(e) => onSet(f, e.target.value)} aria-invalid={!!err(f)} dir="auto" {...extra} />);
  const countryList = countries.map((c) => ({ value: c.code, label: c.name }));

  return (
    <fieldset className="card pax-card" data-testid={`pax-${index}`}>
      <legend>{t('checkout.passenger', { n: index + 1 })} · {t(`checkout.paxType.${pax.type}`)}</legend>
      {saved.length ? (
        <label className="field saved-pick">
          <span className="field-label">{t('checkout.savedTraveller')}</span>
          <select className="field-input" value="" onChange={(e) => e.target.value && onUseSaved(Number(e.target.value))}>
            <option value="">{t('checkout.chooseSaved')}</option>
            {saved.map((s) => <option key={s.id} value={s.id}>{titleText(s.title, i18n.language)} {s.first_name} {s.last_name} · {s.document_no}</option>)}
          </select>
        </label>
      ) : null}
      <div className="form-grid">
        {select('title', t('checkout.fields.title'), titleChoices(pax.type, pax.gender, pax.title).map((x) => ({ value: x, label: t(`checkout.titles.${x}`, { defaultValue: x }) })), t('checkout.chooseTitle'))}
        {text('first_name', t('checkout.fields.firstName'), { autoComplete: index === 0 ? 'given-name' : 'off' })}
        {text('last_name', t('checkout.fields.lastName'), { autoComplete: index === 0 ? 'family-name' : 'off' })}
        {select('gender', t('checkout.fields.gender'), [{ value: 'M', label: t('checkout.gender.M') }, { value: 'F', label: t('checkout.gender.F') }], t('checkout.chooseGender'))}
        <DatePicker label={t('checkout.fields.dob')} value={pax.dob || null} onChange={(d) => onSet('dob', d ?? '')} max={new Date().toISOString().slice(0, 10)} initialView="years" error={err('dob')} testId={`dob-${index}`} />
        {select('nationality', t('checkout.fields.nationality'), countryList)}
        {select('document_type', t('checkout.fields.documentType'), [{ value: 'passport', label: t('checkout.document.passport') }, { value: 'national_id', label: t('checkout.document.national_id') }])}
        {text('document_no', t('checkout.fields.documentNo'), { dir: 'ltr' })}
        {/* No minimum: an early date is refused by the passport rule, which says why, not by the picker. */}
        <DatePicker label={t('checkout.fields.expiry')} value={pax.expiry_date || null} onChange={(d) => onSet('expiry_date', d ?? '')} initialView="months" error={err('expiry_date')}
          hint={runsOut ? t('checkout.passportSoon') : null} testId={`expiry-${index}`} />
        {select('issue_country', t('checkout.fields.issueCountry'), countryList)}
      </div>
      <p className="muted small">{t(`checkout.ageRule.${pax.type}`, { date: firstDay ? formatDay(firstDay, i18n.language, { year: false }) : '' })}</p>
    </fieldset>
  );
}
