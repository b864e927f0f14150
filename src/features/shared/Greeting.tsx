import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../contract/auth';
import './dashboard.css';

/** The dashboard header: greets the signed-in user by name and role. */
export function Greeting({ user, children }: { user: User; children?: ReactNode }) {
  const { t } = useTranslation();
  const hour = new Date().getHours();
  const part = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  return (
    <header className="greeting">
      <div>
        <p className="eyebrow">{t(`dashboard.greeting.${part}`)}</p>
        <h1 className="greeting-title">
          {t('dashboard.welcome', { name: user.name })}
        </h1>
        <p className="greeting-meta">
          <span className="role-chip">{t(`roles.${user.role}`)}</span>
          {user.agent_code ? <span className="code-chip" dir="ltr">{user.agent_code}</span> : null}
          <span className="muted" dir="ltr">{user.email}</span>
        </p>
      </div>
      {children}
    </header>
  );
}
