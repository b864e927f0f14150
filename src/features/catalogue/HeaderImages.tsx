import { useTranslation } from 'react-i18next';
import type { RecordActionInput } from '../../../machines/record';
import { useRecord } from '../../ui/records';
import { addHeaderImages, deleteHeaderImage, fileErrorToast, listHeaderImages, type HeaderCatalogue } from './api';

/** Header images of a catalogue page: add (upload then save) and delete, on the record machine; the list reloads after each. */
export function HeaderImages({ catalogue }: { catalogue: HeaderCatalogue }) {
  const { t } = useTranslation();
  const record = useRecord((_, signal) => listHeaderImages(catalogue, signal), catalogue, async (a: RecordActionInput, signal) => {
    if (a.action === 'delete') return deleteHeaderImage(catalogue, a.payload!.id as number, signal);
    try {
      return await addHeaderImages(catalogue, a.payload!.files as File[], signal);
    } catch (err) {
      // Upload refusals show in the dark file toast; the record machine keeps the failure.
      fileErrorToast(err);
      throw err;
    }
  });
  const images = record.data ?? [];
  const busy = record.snapshot.matches('acting');
  return (
    <section className="card header-images" aria-labelledby={`hi-${catalogue}`}>
      <h2 id={`hi-${catalogue}`}>{t('catalogue.headerImages')}</h2>
      <p className="muted">{t('catalogue.headerImagesHint')}</p>
      <ul className="thumb-grid">
        {images.map((img) => (
          <li key={img.id} className="thumb-item">
            <img src={img.url} alt="" />
            <button type="button" className="btn btn-ghost btn-small danger" disabled={busy} onClick={() => record.send({ type: 'ACT', action: 'delete', payload: { id: img.id } })}>{t('catalogue.delete')}</button>
          </li>
        ))}
      </ul>
      <label className="btn btn-secondary upload-btn">
        {busy ? t('common.pleaseWait') : t('catalogue.addHeaderImages')}
        <input type="file" accept="image/jpeg,image/png,image/webp,image/gif" multiple disabled={busy} className="visually-hidden" data-testid={`header-upload-${catalogue}`}
          onChange={(e) => { const files = Array.from(e.target.files ?? []); e.target.value = ''; if (files.length) record.send({ type: 'ACT', action: 'add', payload: { files } }); }} />
      </label>
    </section>
  );
}
