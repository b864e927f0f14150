import { useTranslation } from 'react-i18next';
import { TITLES } from '../../../contract/agents';
import type { VisaDocumentKind } from '../../../contract/visa-applications';
import type { TravellerForm } from '../../../machines/visa-application';
import { translateServer } from '../../i18n';

/**
 * One traveller of an application: names, dates, passport and the two documents. The fields send what is typed
 * to the machine; the machine says what is wrong (`errors` by the request's field paths).
 */
export function TravellerFields({ index, value, errors, countries, uploading, canRemove, onSet, onUpload, onRemove }: {
  index: number; value: TravellerForm; errors: Record<string, string>; countries: { code: string; name: string }[];
  uploading: VisaDocumentKind | null; canRemove: boolean;
  onSet: (path: string, value: string) => void; onUpload: (kind: VisaDocumentKind, file: File) => void; onRemove: () => void;
}) {
  const { t } = useTranslation();
  const key = (f: string) => `travellers.${index}.${f}`;
  const err = (f: string) => (errors[key(f)] ? translateServer(errors[key(f)]) : null);
  const field = (f: keyof Omit<TravellerForm, 'documents' | 'title' | 'nationality'>, type = 'text', extra: Record<string, string> = {}) => (
    <label className="field">
      <span className="field-label">{t(`visaApplications.fields.${f}`)}</span>
      <input className="field-input" type={type} value={value[f]} onChange={(e) => onSet(key(f), e.target.value)} aria-invalid={!!err(f)}
        dir={type === 'date' || f === 'passport_no' ? 'ltr' : 'auto'} name={key(f)} data-testid={key(f)} {...extra} />
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
        <input type="file" accept={kind === 'photo' ? 'image/*' : 'image/*,application/pdf'} aria-label={t(`visaApplications.documents.${kind}`)}
          aria-invalid={!!e} data-testid={key(`documents.${kind}`)} disabled={!!uploading}
          onChange={(ev) => { const f = ev.target.files?.[0]; if (f) onUpload(kind, f); ev.target.value = ''; }} />
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
          <select className="field-input" value={value.title} onChange={(e) => onSet(key('title'), e.target.value)} data-testid={key('title')}>
            {TITLES.map((x) => <option key={x} value={x}>{t(`visaApplications.titles.${x}`)}</option>)}
          </select>
        </label>
        {field('first_name', 'text', { autoComplete: index === 0 ? 'given-name' : 'off' })}
        {field('last_name', 'text', { autoComplete: index === 0 ? 'family-name' : 'off' })}
        {field('dob', 'date')}
        <label className="field">
          <span className="field-label">{t('visaApplications.fields.nationality')}</span>
          <select className="field-input" value={value.nationality} onChange={(e) => onSet(key('nationality'), e.target.value)} aria-invalid={!!err('nationality')} data-testid={key('nationality')}>
            {countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
          </select>
          {err('nationality') ? <span className="field-error" role="alert">{err('nationality')}</span> : null}
        </label>
        {field('passport_no')}
        {field('passport_expiry', 'date')}
      </div>
      <div className="form-grid">{doc('passport')}{doc('photo')}</div>
      {canRemove ? <button type="button" className="btn btn-ghost" onClick={onRemove}>{t('visaApplications.removeTraveller')}</button> : null}
    </fieldset>
  );
}
