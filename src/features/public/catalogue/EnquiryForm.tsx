import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeFromBody } from '../../../api/messages';
import { notify } from '../../../ui/toast';
import { toFailure } from '../../../../machines/notice';
import { sendEnquiry } from '../api';
import { TextArea, TextInput } from '../../../ui/fields';
import type { LeadSource } from '../../../../contract/catalogue';

/** An enquiry from a public page; stored as a lead that staff answer. */
export function EnquiryForm({ source, itemId, title }: { source: LeadSource; itemId?: number | null; title?: string }) {
  const { t } = useTranslation();
  const empty = { name: '', email: '', phone: '', travellers: '', travel_date: '', message: '', website: '' };
  const [v, setV] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const set = (k: keyof typeof empty) => (x: string) => setV((o) => ({ ...o, [k]: x }));
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      notify(noticeFromBody(await sendEnquiry(v, source, itemId ?? null)));
      setSent(true);
      setV(empty);
    } catch (err) {
      const f = toFailure(err);
      notify(f.notice);
      setErrors(f.fieldErrors);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card enquiry" aria-labelledby={`enq-${source}`}>
      <h2 id={`enq-${source}`}>{title ?? t('leads.formTitle')}</h2>
      {sent ? <p className="enquiry-sent" role="status">{t('leads.sent')}</p> : null}
      <form onSubmit={submit} noValidate className="enquiry-grid" data-testid="enquiry-form">
        <TextInput name="name" label={t('leads.name')} value={v.name} onChange={set('name')} error={errors.name} required />
        <TextInput name="email" type="email" label={t('leads.email')} value={v.email} onChange={set('email')} error={errors.email} required dir="ltr" />
        <TextInput name="phone" type="tel" label={t('leads.phone')} value={v.phone} onChange={set('phone')} error={errors.phone} dir="ltr" />
        {source !== 'contact' ? <TextInput name="travellers" label={t('leads.travellers')} value={v.travellers} onChange={set('travellers')} error={errors.travellers} inputMode="numeric" dir="ltr" /> : null}
        {source !== 'contact' ? <TextInput name="travel_date" type="date" label={t('leads.travelDate')} value={v.travel_date} onChange={set('travel_date')} error={errors.travel_date} dir="ltr" /> : null}
        <div className="span-all"><TextArea name="message" label={t('leads.message')} value={v.message} onChange={set('message')} error={errors.message} /></div>
        <input type="text" name="website" tabIndex={-1} autoComplete="off" className="visually-hidden" aria-hidden="true" value={v.website} onChange={(e) => set('website')(e.target.value)} />
        <div className="span-all"><button type="submit" className="btn btn-primary" disabled={busy}>{busy ? t('common.pleaseWait') : t('leads.send')}</button></div>
      </form>
    </section>
  );
}

/** The contact page's form (mounted there with one line). */
export default function ContactEnquiry() {
  return <EnquiryForm source="contact" />;
}
