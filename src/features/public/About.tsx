import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../ui/Icon';
import './pages.css';
import './page-strings';

const OFFER: { key: string; icon: IconName }[] = [
  { key: 'travellers', icon: 'plane' },
  { key: 'agents', icon: 'briefcase' },
  { key: 'pilgrims', icon: 'moon' },
];

export default function About() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page-hero">
        <p className="eyebrow">{t('about.eyebrow')}</p>
        <h1>{t('about.title')}</h1>
        <p className="page-lead">{t('about.lead')}</p>
      </header>
      <section className="card page-card prose">
        <h2>{t('about.storyTitle')}</h2>
        <p>{t('about.story1')}</p>
        <p>{t('about.story2')}</p>
      </section>
      <div className="offer-grid">
        {OFFER.map((o) => (
          <section key={o.key} className="card page-card">
            <span className="service-icon"><Icon name={o.icon} size={22} /></span>
            <h2>{t(`about.offer.${o.key}.title`)}</h2>
            <p className="muted">{t(`about.offer.${o.key}.text`)}</p>
          </section>
        ))}
      </div>
      <section className="card page-card">
        <h2>{t('about.valuesTitle')}</h2>
        <ul className="check-list">
          {(['honest', 'people', 'safe'] as const).map((k) => (
            <li key={k}><Icon name="check" size={18} /> <span><strong>{t(`about.values.${k}.title`)}</strong> {t(`about.values.${k}.text`)}</span></li>
          ))}
        </ul>
        <div className="button-row">
          <Link href="/contact/us" className="btn btn-primary">{t('about.contactAction')}</Link>
          <Link href="/auth/agent/register" className="btn btn-secondary">{t('home.agents.action')}</Link>
        </div>
      </section>
    </div>
  );
}
