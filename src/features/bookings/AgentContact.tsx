import { useTranslation } from 'react-i18next';
import type { AgentContact } from '../../../contract/agents';
import './bookings.css';

/** A phone number as a tel: link takes it: digits and a leading plus only. */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * How staff reach the agency behind a booking (flight or hotel): its name and code, contact person, email and
 * phone as links that open the mail program or the dialler, and the branch user who booked when that is another.
 * `reference`: the booking's PNR or reference, put in the mail's subject.
 */
export function AgentContactCard({ contact, reference }: { contact: AgentContact; reference: string }) {
  const { t } = useTranslation();
  const subject = encodeURIComponent(t('bookings.agentContact.mailSubject', { reference }));
  return (
    <section className="card bk-card" data-testid="agent-contact">
      <h2>{t('bookings.agentContact.title')}</h2>
      <dl className="bk-dl bk-dl-stacked">
        <dt>{t('bookings.agentContact.agency')}</dt>
        <dd><bdi>{contact.company_name ?? contact.name}</bdi> {contact.agent_code ? <span className="bk-sub" dir="ltr">{contact.agent_code}</span> : null}</dd>
        <dt>{t('bookings.agentContact.person')}</dt><dd><bdi>{contact.contact_person || contact.name}</bdi></dd>
        <dt>{t('bookings.agentContact.email')}</dt><dd className="bk-contact"><a dir="ltr" href={`mailto:${contact.email}?subject=${subject}`}>{contact.email}</a></dd>
        <dt>{t('bookings.agentContact.phone')}</dt><dd className="bk-contact">{contact.phone ? <a dir="ltr" href={telOf(contact.phone)}>{contact.phone}</a> : '—'}</dd>
        {contact.booked_by ? <><dt>{t('bookings.agentContact.bookedBy')}</dt><dd className="bk-contact"><bdi>{contact.booked_by.name}</bdi> <a className="bk-sub" dir="ltr" href={`mailto:${contact.booked_by.email}?subject=${subject}`}>{contact.booked_by.email}</a></dd></> : null}
      </dl>
    </section>
  );
}
