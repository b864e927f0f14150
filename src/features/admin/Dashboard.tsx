import { useTranslation } from 'react-i18next';
import { ROLE_PERMISSIONS } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { Greeting } from '../shared/Greeting';
import { Icon } from '../../ui/Icon';

/** Back-office home for every staff role (admin, accounts, reservation, analyst): who you are and what your role may do. */
export default function AdminDashboard() {
  const { t } = useTranslation();
  const user = useUser()!;
  const permissions = ROLE_PERMISSIONS[user.role];
  return (
    <>
      <Greeting user={user} />
      <div className="dash-grid">
        <section className="card dash-card dash-card-wide">
          <h2>{t('admin.dashboard.accessTitle')}</h2>
          <p className="muted">{t(`admin.dashboard.roleSummary.${user.role}`)}</p>
          <ul className="perm-list">
            {permissions.map((p) => (
              <li key={p}><Icon name="check" size={16} /> {t(`permissions.${p.replace('.', '_')}`)}</li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
