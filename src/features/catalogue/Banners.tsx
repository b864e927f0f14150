import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PromoImageInput } from '../../../contract/catalogue';
import { TextInput } from '../../ui/fields';
import { PageHeader } from '../../ui/page';
import { ConfirmBox, useResourceList } from '../../ui/lists';
import { useResourceForm } from '../../ui/forms';
import { deletePromo, listPromos, savePromo, type Promo } from './api';
import { ImageField } from './ImageField';
import { LeaveQuestion } from './LeaveQuestion';
import { UploadsLibrary } from './UploadsLibrary';
import './catalogue.css';

const EMPTY = { file_name: '', title: '', title_ar: '', link: '', is_home: true, is_active: true };
type BannerValues = typeof EMPTY;
const valuesOf = (p: Promo): BannerValues => ({ file_name: p.file_name, title: p.title, title_ar: p.title_ar, link: p.link ?? '', is_home: p.is_home, is_active: p.is_active });

/** /admin/banners: the promo banners (list and delete on resource-list), written in a form above them (resource-form). */
export default function Banners() {
  const { t } = useTranslation();
  const list = useResourceList<Promo>({ load: listPromos, act: ({ item }, signal) => deletePromo(item.id, signal) });
  // The banner being written, new (no id) or one of the list: a form of its own for each, so none inherits another's changes.
  const [open, setOpen] = useState<{ id: number | null; values: BannerValues } | null>(null);
  const idle = !open && list.snapshot.matches('list');
  return (
    <div className="catalogue-admin">
      <PageHeader title={t('banners.title')} subtitle={t('banners.lead')}
        actions={!open ? <button type="button" className="btn btn-primary" onClick={() => setOpen({ id: null, values: EMPTY })}>{t('banners.new')}</button> : null} />
      {open ? <BannerForm key={open.id ?? 'new'} {...open} onSaved={() => { setOpen(null); list.send({ type: 'RELOAD' }); }} onClosed={() => setOpen(null)} /> : null}
      {list.pending && (list.snapshot.matches('confirming') || list.snapshot.matches('acting')) ? (
        <ConfirmBox question={t('catalogue.confirmDelete', { name: list.pending.item.title || t('banners.untitled') })} yes={t('catalogue.confirm')}
          busy={list.snapshot.matches('acting')} onYes={() => list.send({ type: 'CONFIRM' })} onNo={() => list.send({ type: 'CANCEL' })} />
      ) : null}
      {list.snapshot.matches('loadFailed') ? (
        <div className="card state-card" role="alert"><p>{t('catalogue.loadFailed')}</p><button type="button" className="btn btn-secondary" onClick={() => list.send({ type: 'RETRY' })}>{t('catalogue.retry')}</button></div>
      ) : null}
      <ul className="banner-grid" aria-busy={list.busy}>
        {list.rows.map((p) => (
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
                {idle ? <button type="button" className="btn btn-secondary btn-small" onClick={() => setOpen({ id: p.id, values: valuesOf(p) })}>{t('catalogue.edit')}</button> : null}
                <button type="button" className="btn btn-ghost btn-small danger" disabled={!idle} onClick={() => list.send({ type: 'DELETE', item: p })}>{t('catalogue.delete')}</button>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <UploadsLibrary />
    </div>
  );
}

/** One banner's form: checked with the contract's schema before it is sent; Cancel with unsaved changes asks first. */
function BannerForm({ id, values: initial, onSaved, onClosed }: { id: number | null; values: BannerValues; onSaved: () => void; onClosed: () => void }) {
  const { t } = useTranslation();
  // Leaving goes back to this same screen (the form only closes), hence `navigate` read as "closed".
  const form = useResourceForm<BannerValues>({ schema: PromoImageInput, save: savePromo }, { id, values: initial },
    (e) => { if (e.type === 'saved') onSaved(); else if (e.type === 'navigate') onClosed(); });
  const { values: v, errors: e, set, send } = form;
  return (
    <form className="card catalogue-form" noValidate onSubmit={form.submit} aria-busy={form.loading}>
      <div className="form-grid">
        <div className="span-all"><ImageField name="file_name" label={t('banners.image')} value={v.file_name} onChange={set('file_name')} error={e.file_name} /></div>
        <TextInput name="title" label={t('banners.titleEn')} value={v.title} onChange={set('title')} error={e.title} />
        <TextInput name="title_ar" label={t('banners.titleAr')} value={v.title_ar} onChange={set('title_ar')} error={e.title_ar} dir="rtl" />
        <TextInput name="link" label={t('banners.link')} value={v.link} onChange={set('link')} error={e.link} dir="ltr" hint={t('banners.linkHint')} />
        <label className="check-field"><input type="checkbox" checked={v.is_home} onChange={(x) => set('is_home')(x.target.checked)} /> <span>{t('banners.home')}</span></label>
        <label className="check-field"><input type="checkbox" checked={v.is_active} onChange={(x) => set('is_active')(x.target.checked)} /> <span>{t('banners.active')}</span></label>
      </div>
      {form.snapshot.matches('confirmingLeave') ? <LeaveQuestion onLeave={() => send({ type: 'CONFIRM' })} onStay={() => send({ type: 'CANCEL' })} /> : (
        <div className="button-row">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>{t('catalogue.save')}</button>
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'LEAVE', to: window.location.pathname + window.location.search })}>{t('catalogue.cancel')}</button>
        </div>
      )}
    </form>
  );
}
