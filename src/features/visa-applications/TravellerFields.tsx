import { useTranslation } from 'react-i18next';
import { TITLES } from '../../../contract/titles';
import type { VisaDocumentKind } from '../../../contract/visa-applications';
import type { TravellerForm } from '../../../machines/visa-application';
import { DatePicker } from '../../components/date-picker/DatePicker';
import { translateServer } from '../../i18n';
import './strings';

/**
 * One traveller of an application: names, dates, passport and the two documents. The fields send what is typed
 * to the machine; the machine says what is wrong (`errors` by the request's field paths).
 */
export function TravellerFields({ index, value, errors, countries, uploading, canRemove, today, expiresSoon, onSet, onUpload, onRemove }: {
  index: number; value: TravellerForm; errors: Record<string, string>; countries: { code: string; name: string }[]; today: string; expiresSoon: boolean;
  uploading: VisaDocumentKind | null; canRemove: boolean;
  onSet: (path: string, value: string) => void; onUpload: (kind: VisaDocumentKind, file: File) => void; onRemove: () => void;
}) {
  const { t } = useTranslation();
  const key = (f: string) => `travellers.${index}.${f}`;
  const err = (f: string) => (errors[key(f)] ? translateServer(errors[key(f)]) : null);
  const field = (f: 'first_name' | 'last_name' | 'passport_no', extra: Record<string, string> = {}) => (
    <label className="field">
      <span className="field-label">{t(`visaApplications.fields.${f}`)}</span>
      <input className="field-input" value={value[f]} onChange={(e) => onSet(key(f), e.target.value)} aria-invalid={!!err(f)}
        dir={f === 'passport_no' ? 'ltr' : 'auto'} name={key(f)} data-testid={key(f)} {...extra} />
      {err(f) ? <span className="field-error" role="alert">{err(f)}</span> : null}
    </label>
  );
  const doc = (kind: VisaDocumentKind) => {
    const d = value.documents[kind];
    const e = err(`documents.${kind}`);
    return (
      <div className="field va-doc">
        <span className="field-label">{t(`visaApplications.documents.${kind}`)}</span>
        <span className="muted">{t(kind === 'photo' ? 'visaApplications.documents.photoHint' : 'visaApplications.documents.passportHint')}</span>
        {/* The browser's own file button speaks the browser's language: a button of ours in the reader's. */}
        <label className={`btn btn-secondary va-file${uploading ? ' is-disabled' : ''}`}>
          {t(d ? 'visaApplications.documents.replace' : 'visaApplications.documents.choose')}
          <input type="file" className="visually-hidden" accept={kind === 'photo' ? 'image/*' : 'image/*,application/pdf'}
            aria-invalid={!!e} data-testid={key(`documents.${kind}`)} disabled={!!uploading}
            onChange={(ev) => { const f = ev.target.files?.[0]; if (f) onUpload(kind, f); ev.target.value = ''; }} />
        </label>
        {uploading === kind ? <span className="muted"><span className="spinner" aria-hidden="true" /> {t('visaApplications.documents.uploading')}</span> : null}
        {d && uploading !== kind ? <span className="va-doc-done" data-testid={`${key(`documents.${kind}`)}-done`}>✓ <bdi>{d.name}</bdi></span> : null}
        {e ? <span className="field-error" role="alert">{e}</span> : null}
      </div>
    );
  };
  return (
    <fieldset className="card pax-card" data-testid={`traveller-${index}`}>
      <legend>{t('visaApplications.traveller', { n: index + 1 })}</legend>
      <div className="form-grid">
        <label className="field">
          <span className="field-label">{t('visaApplications.fields.title')}</span>
          <select className="field-input" name={key('title')} value={value.title} onChange={(e) => onSet(key('title'), e.target.value)} aria-invalid={!!err('title')} data-testid={key('title')}>
            <option value="" disabled={!!value.title}>{t('visaApplications.chooseTitle')}</option>
            {TITLES.map((x) => <option key={x} value={x}>{t(`visaApplications.titles.${x}`)}</option>)}
          </select>
          {err('title') ? <span className="field-error" role="alert">{err('title')}</span> : null}
        </label>
        {field('first_name', { autoComplete: index === 0 ? 'given-name' : 'off' })}
        {field('last_name', { autoComplete: index === 0 ? 'family-name' : 'off' })}
        <DatePicker label={t('visaApplications.fields.dob')} value={value.dob || null} onChange={(d) => onSet(key('dob'), d ?? '')} max={today} initialView="years" error={err('dob')} testId={`dob-${index}`} />
        <label className="field">
          <span className="field-label">{t('visaApplications.fields.nationality')}</span>
          <select className="field-input" value={value.nationality} onChange={(e) => onSet(key('nationality'), e.target.value)} aria-invalid={!!err('nationality')} data-testid={key('nationality')}>
            {countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
          </select>
          {err('nationality') ? <span className="field-error" role="alert">{err('nationality')}</span> : null}
        </label>
        {field('passport_no')}
        {/* No minimum: an early date is refused by the passport rule, which says why, not by the picker. */}
        <DatePicker label={t('visaApplications.fields.passport_expiry')} value={value.passport_expiry || null} onChange={(d) => onSet(key('passport_expiry'), d ?? '')}
          initialView="months" error={err('passport_expiry')} hint={expiresSoon ? t('visaApplications.expiresSoon') : null} testId={`expiry-${index}`} />
      </div>
      <div className="form-grid">{doc('passport')}{doc('photo')}</div>
      {canRemove ? <button type="button" className="btn btn-ghost" onClick={onRemove}>{t('visaApplications.removeTraveller')}</button> : null}
    </fieldset>
  );
}
