import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../ui/Icon';
import './pages.css';
import { EnquiryForm } from './catalogue/EnquiryForm';
import './page-strings';

const CHANNELS: { key: string; icon: IconName; value: string; href?: string }[] = [
  { key: 'phone', icon: 'phone', value: '+92 51 111 727 727', href: 'tel:+9251111727727' },
  { key: 'mobile', icon: 'phone', value: '+92 300 072 7727', href: 'tel:+923000727727' },
  { key: 'email', icon: 'mail', value: 'support@safar.travel', href: 'mailto:support@safar.travel' },
  { key: 'agents', icon: 'briefcase', value: 'agents@safar.travel', href: 'mailto:agents@safar.travel' },
];

export default function Contact() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page-hero">
        <p className="eyebrow">{t('contact.eyebrow')}</p>
        <h1>{t('contact.title')}</h1>
        <p className="page-lead">{t('contact.lead')}</p>
      </header>
      <div className="page-grid">
        <section className="card page-card">
          <h2>{t('contact.channelsTitle')}</h2>
          <ul className="contact-list">
            {CHANNELS.map((c) => (
              <li key={c.key}>
                <span className="contact-icon"><Icon name={c.icon} size={18} /></span>
                <span>
                  <span className="contact-label">{t(`contact.channels.${c.key}`)}</span>
                  <a href={c.href} dir="ltr">{c.value}</a>
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card page-card">
          <h2>{t('contact.officeTitle')}</h2>
          <p className="contact-address">
            <Icon name="pin" size={18} />
            <span>{t('contact.address')}</span>
          </p>
          <h3>{t('contact.hoursTitle')}</h3>
          <dl className="hours">
            <dt>{t('contact.hours.weekdays')}</dt>
            <dd>{t('contact.hours.weekdaysTime')}</dd>
            <dt>{t('contact.hours.saturday')}</dt>
            <dd>{t('contact.hours.saturdayTime')}</dd>
            <dt>{t('contact.hours.sunday')}</dt>
            <dd>{t('contact.hours.sundayTime')}</dd>
          </dl>
          <p className="muted">{t('contact.emergency')}</p>
        </section>
      </div>
      <EnquiryForm source="contact" />
    </div>
  );
}
