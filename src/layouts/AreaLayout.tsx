import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useUser } from '../app/auth';
import { menuFor, type Layout } from '../app/routes';
import { Icon } from '../ui/Icon';
import { Header } from './Header';
import './AreaLayout.css';

/** Agent portal and back office: top bar, a side menu built from the route table, the screen. */
export function AreaLayout({ children, layout }: { children: ReactNode; layout: Layout }) {
  const area = layout === 'admin' ? 'admin' : 'agent';
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  useEffect(() => {
    setOpen(false);
  }, [location]);
  return (
    <div className="layout layout-area">
      <Header area={area} onMenu={() => setOpen(true)} />
      <div className="area-shell">
        <SideMenu layout={layout} open={open} onClose={() => setOpen(false)} />
        <main id="main" className="area-main">{children}</main>
      </div>
    </div>
  );
}

function SideMenu({ layout, open, onClose }: { layout: Layout; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const [location] = useLocation();
  const items = menuFor(layout, user);
  return (
    <>
      <div className={open ? 'side-scrim is-open' : 'side-scrim'} onClick={onClose} aria-hidden="true" />
      <nav className={open ? 'side-menu is-open' : 'side-menu'} aria-label={t(`nav.area.${layout}`)}>
        <p className="side-menu-title">{t('nav.menu')}</p>
        <ul>
          {items.map((r) => (
            <li key={r.path}>
              <Link href={r.path} className={location === r.path ? 'side-link is-active' : 'side-link'} aria-current={location === r.path ? 'page' : undefined}>
                <Icon name={r.menu!.icon} size={18} />
                <span>{t(r.title)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
