import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/messages';
import { notify } from '../../ui/toast';
import { deleteUpload, fileErrorToast, refreshUploads, uploadFile, uploadsCache, type Upload } from './api';

/** The image library: shown from the local cache (key `uploads`) at once, refreshed from GET /uploads and after changes. */
export function UploadsLibrary() {
  const { t } = useTranslation();
  const [list, setList] = useState<Upload[]>(() => uploadsCache.read());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const ac = new AbortController();
    refreshUploads(ac.signal).then(setList).catch((e) => { if (!ac.signal.aborted) notify(describeError(e).notice); });
    return () => ac.abort();
  }, []);
  async function add(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try { await uploadFile(file); } catch (err) { fileErrorToast(err); }
    setList(await refreshUploads().catch(() => uploadsCache.read()));
    setBusy(false);
  }
  async function remove(name: string) {
    try { await deleteUpload(name); } catch (err) { fileErrorToast(err); }
    setList(uploadsCache.read());
  }
  return (
    <section className="card header-images" aria-labelledby="uploads-title">
      <h2 id="uploads-title">{t('uploads.title')}</h2>
      <p className="muted">{t('uploads.lead')}</p>
      <ul className="thumb-grid">
        {list.map((u) => (
          <li key={u.file_name} className="thumb-item">
            {u.mime.startsWith('image/') ? <img src={u.url} alt={u.original_name} /> : <a href={u.url}>{u.original_name}</a>}
            <span className="muted thumb-name" dir="auto">{u.original_name}</span>
            <button type="button" className="btn btn-ghost btn-small danger" onClick={() => void remove(u.file_name)}>{t('catalogue.delete')}</button>
          </li>
        ))}
      </ul>
      <label className="btn btn-secondary upload-btn">
        {busy ? t('common.pleaseWait') : t('uploads.add')}
        <input type="file" className="visually-hidden" disabled={busy} data-testid="uploads-input" onChange={(e) => { void add(e.target.files?.[0]); e.target.value = ''; }} />
      </label>
    </section>
  );
}
