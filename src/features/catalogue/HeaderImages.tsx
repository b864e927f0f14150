import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { describeError } from '../../api/messages';
import { notify } from '../../ui/toast';
import { fileErrorToast, uploadFile } from './api';

interface HeaderImage { id: number; file_name: string; url: string }

/** Header images of a catalogue page: add (upload then save) and delete; the list reloads after each. */
export function HeaderImages({ catalogue }: { catalogue: 'visa' | 'holiday' | 'umrah' }) {
  const { t } = useTranslation();
  const path = `/${catalogue}-header-images`;
  const [images, setImages] = useState<HeaderImage[]>([]);
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const ac = new AbortController();
    request<{ data: HeaderImage[] }>(path, { signal: ac.signal }).then((r) => setImages(r.data)).catch((e) => { if (!ac.signal.aborted) notify(describeError(e).notice); });
    return () => ac.abort();
  }, [path, tick]);
  async function add(files: FileList | null) {
    if (!files?.length) return;
    setBusy(true);
    try {
      const names: string[] = [];
      for (const f of Array.from(files)) names.push((await uploadFile(f)).file_name);
      const res = await request<{ message: string }>(path, { method: 'POST', body: { images: names } });
      notify({ status: 'success', text: res.message });
    } catch (err) {
      fileErrorToast(err);
    } finally {
      setBusy(false);
      setTick((n) => n + 1);
    }
  }
  async function remove(id: number) {
    try {
      const res = await request<{ message: string }>(`${path}/${id}`, { method: 'DELETE' });
      notify({ status: 'success', text: res.message });
    } catch (err) {
      notify(describeError(err).notice);
    }
    setTick((n) => n + 1);
  }
  return (
    <section className="card header-images" aria-labelledby={`hi-${catalogue}`}>
      <h2 id={`hi-${catalogue}`}>{t('catalogue.headerImages')}</h2>
      <p className="muted">{t('catalogue.headerImagesHint')}</p>
      <ul className="thumb-grid">
        {images.map((img) => (
          <li key={img.id} className="thumb-item">
            <img src={img.url} alt="" />
            <button type="button" className="btn btn-ghost btn-small danger" onClick={() => void remove(img.id)}>{t('catalogue.delete')}</button>
          </li>
        ))}
      </ul>
      <label className="btn btn-secondary upload-btn">
        {busy ? t('common.pleaseWait') : t('catalogue.addHeaderImages')}
        <input type="file" accept="image/jpeg,image/png,image/webp,image/gif" multiple disabled={busy} className="visually-hidden" data-testid={`header-upload-${catalogue}`} onChange={(e) => { void add(e.target.files); e.target.value = ''; }} />
      </label>
    </section>
  );
}
