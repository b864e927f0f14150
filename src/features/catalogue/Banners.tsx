import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../ui/fields';
import { PageHeader } from '../../ui/page';
import { promoActors, type Promo } from './api';
import type { CrudItem } from '../../../machines/crud-list';
import { ImageField } from './ImageField';
import { UploadsLibrary } from './UploadsLibrary';
import { useCrud } from './useCrud';
import { useAnsweredErrors } from '../../ui/answered';
import './catalogue.css';

const ACTORS = promoActors();

const EMPTY = { file_name: '', title: '', title_ar: '', link: '', is_home: true, is_active: true };

export default function Banners() {
  const { t } = useTranslation();
  const [snapshot, send] = useCrud(ACTORS, 'PUT', {});
  const [form, setForm] = useState(EMPTY);
  const ctx = snapshot.context;
  const items = ctx.items as unknown as Promo[];
  const editingNew = snapshot.matches('editing') || snapshot.matches('saving');
  const set = (k: keyof typeof EMPTY) => (v: unknown) => setForm((f) => ({ ...f, [k]: v }));
  // The server's messages stay under their fields until each is changed.
  const { errors, sending } = useAnsweredErrors(ctx.fieldErrors, form);
  return (
    <div className="catalogue-admin">
      <PageHeader title={t('banners.title')} subtitle={t('banners.lead')}
        actions={!editingNew ? <button type="button" className="btn btn-primary" onClick={() => { setForm(EMPTY); send({ type: 'CREATE' }); }}>{t('banners.new')}</button> : null} />
      {editingNew ? (
        <form className="card catalogue-form" onSubmit={(e) => { e.preventDefault(); sending(); send({ type: 'SAVE', values: form }); }}>
          <div className="form-grid">
            <div className="span-all"><ImageField name="file_name" label={t('banners.image')} value={form.file_name} onChange={set('file_name')} error={errors.file_name} /></div>
            <TextInput name="title" label={t('banners.titleEn')} value={form.title} onChange={set('title')} error={errors.title} />
            <TextInput name="title_ar" label={t('banners.titleAr')} value={form.title_ar} onChange={set('title_ar')} error={errors.title_ar} />
            <TextInput name="link" label={t('banners.link')} value={form.link} onChange={set('link')} error={errors.link} dir="ltr" hint={t('banners.linkHint')} />
            <label className="check-field"><input type="checkbox" checked={form.is_home} onChange={(e) => set('is_home')(e.target.checked)} /> <span>{t('banners.home')}</span></label>
            <label className="check-field"><input type="checkbox" checked={form.is_active} onChange={(e) => set('is_active')(e.target.checked)} /> <span>{t('banners.active')}</span></label>
          </div>
          <div className="button-row">
            <button type="submit" className="btn btn-primary" disabled={snapshot.matches('saving')}>{t('catalogue.save')}</button>
            <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'CANCEL' })}>{t('catalogue.cancel')}</button>
          </div>
        </form>
      ) : null}
      {snapshot.matches('confirmingDelete') ? (
        <div className="confirm card" role="alertdialog">
          <p>{t('catalogue.confirmDelete', { name: (ctx.pendingDelete as unknown as Promo)?.title || t('banners.untitled') })}</p>
          <div className="button-row">
            <button type="button" className="btn btn-primary danger-bg" onClick={() => send({ type: 'CONFIRM' })}>{t('catalogue.confirm')}</button>
            <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'CANCEL' })}>{t('catalogue.cancel')}</button>
          </div>
        </div>
      ) : null}
      <ul className="banner-grid">
        {items.map((p) => (
          <li key={p.id} className="card banner-card">
            <img src={p.url} alt="" />
            <div className="banner-body">
              <strong>{p.title || t('banners.untitled')}</strong>
              {p.title_ar ? <span dir="rtl" lang="ar">{p.title_ar}</span> : null}
              <span className="muted" dir="ltr">{p.link ?? '—'}</span>
              <span className="chips">
                {p.is_home ? <span className="badge badge-approved">{t('banners.home')}</span> : null}
                {!p.is_active ? <span className="badge badge-pending">{t('banners.inactive')}</span> : null}
              </span>
              <span className="row-actions">
                {snapshot.matches('list') ? <button type="button" className="btn btn-secondary btn-small" onClick={() => { setForm({ file_name: p.file_name, title: p.title, title_ar: p.title_ar, link: p.link ?? '', is_home: p.is_home, is_active: p.is_active }); send({ type: 'EDIT', item: p as unknown as CrudItem }); }}>{t('catalogue.edit')}</button> : null}
                <button type="button" className="btn btn-ghost btn-small danger" disabled={!snapshot.matches('list')} onClick={() => send({ type: 'DELETE', item: p as unknown as CrudItem })}>{t('catalogue.delete')}</button>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <UploadsLibrary />
    </div>
  );
}
