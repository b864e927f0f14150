import { fileUrl } from '../../api/uploads';
import { useTranslation } from 'react-i18next';
import { translateServer } from '../../i18n';
import { useUploadPick } from '../../ui/upload-pick';
import { uploadFile } from './api';
import './catalogue.css';

/**
 * Pick an image; it is uploaded at once (checked by content on the server) and the field keeps its file_name.
 * `purpose` is the upload's (a catalogue image by default; a bank's logo is a `logo`, which accounts staff may store).
 */
export function ImageField({ name, label, value, onChange, error, purpose }: { name: string; label: string; value: string; onChange: (fileName: string) => void; error?: string; purpose?: 'catalogue' | 'logo' }) {
  const { t } = useTranslation();
  const { busy, error: localError, pick } = useUploadPick(async (file) => (await uploadFile(file, purpose)).file_name, onChange);
  const id = `f-${name}`;
  const shown = error ?? localError;
  return (
    <div className="field image-field" data-field={name}>
      <label className="field-label" htmlFor={id}>{label}</label>
      <div className="image-field-row">
        {value ? <img className="image-thumb" src={fileUrl(value)} alt="" width={88} height={60} /> : <span className="image-thumb image-thumb-empty" aria-hidden="true" />}
        <div className="image-field-actions">
          <input id={id} type="file" accept="image/jpeg,image/png,image/webp,image/gif" disabled={busy} onChange={(e) => { void pick(e.target.files?.[0]); e.target.value = ''; }} />
          {busy ? <span className="field-description"><span className="spinner" aria-hidden="true" /> {t('common.pleaseWait')}</span> : <span className="field-description">{t('catalogue.imageHint')}</span>}
          {value ? <button type="button" className="btn btn-ghost btn-small" onClick={() => onChange('')}>{t('catalogue.removeImage')}</button> : null}
        </div>
      </div>
      {shown ? <span className="field-error" role="alert">{translateServer(shown)}</span> : null}
    </div>
  );
}
