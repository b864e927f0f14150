import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeadInput } from '../../../../contract/catalogue';
import { useResourceForm } from '../../../ui/forms';
import { sendEnquiry, type EnquiryBody } from '../api';
import { TextArea, TextInput } from '../../../ui/fields';
import type { LeadSource } from '../../../../contract/catalogue';
import './leads-strings';
import './enquiry.css';

/** An enquiry from a public page; stored as a lead that staff answer. */
export function EnquiryForm(props: { source: LeadSource; itemId?: number | null; title?: string }) {
  // After a send the form starts empty again (and says it was sent).
  const [sent, setSent] = useState(0);
  return <EnquiryFields key={sent} {...props} sent={sent > 0} onSent={() => setSent((n) => n + 1)} />;
}

const EMPTY = { name: '', email: '', phone: '', travellers: '', travel_date: '', message: '', website: '' };

function EnquiryFields({ source, itemId, title, sent, onSent }: { source: LeadSource; itemId?: number | null; title?: string; sent: boolean; onSent: () => void }) {
  const { t } = useTranslation();
  const form = useResourceForm({
    schema: LeadInput,
    toBody: (values) => ({ ...values, source, item_id: itemId ?? null }),
    save: ({ values }, signal) => sendEnquiry(values as EnquiryBody, signal).then((r) => ({ message: r.message })),
  }, { values: EMPTY }, (e) => { if (e.type === 'saved') onSent(); });
  const { values: v, errors, busy } = form;
  const set = (k: keyof typeof EMPTY) => form.set(k) as (x: string) => void;
  return (
    <section className="card enquiry" aria-labelledby={`enq-${source}`}>
      <h2 id={`enq-${source}`}>{title ?? t('leads.formTitle')}</h2>
      {sent ? <p className="enquiry-sent" role="status">{t('leads.sent')}</p> : null}
      <form onSubmit={form.submit} noValidate aria-busy={form.loading} className="enquiry-grid" data-testid="enquiry-form">
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
