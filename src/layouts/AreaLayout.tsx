import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useUser } from '../app/auth';
import { openMenuGroups, sideMenuFor, type MenuSection } from '../app/menu';
import type { Layout, MenuGroup, ScreenRoute } from '../app/routes';
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
  const { top, sections } = sideMenuFor(layout, user);
  const expanded = useOpenGroups(sections, location);
  const link = (r: ScreenRoute) => (
    <li key={r.path}>
      <Link href={r.path} className={location === r.path ? 'side-link is-active' : 'side-link'} aria-current={location === r.path ? 'page' : undefined}>
        <Icon name={r.menu!.icon} size={18} />
        <span>{t(r.title)}</span>
      </Link>
    </li>
  );
  return (
    <>
      <div className={open ? 'side-scrim is-open' : 'side-scrim'} onClick={onClose} aria-hidden="true" />
      <nav className={open ? 'side-menu is-open' : 'side-menu'} aria-label={t(`nav.area.${layout}`)}>
        <p className="side-menu-title">{t('nav.menu')}</p>
        <ul>{top.map(link)}</ul>
        {sections.map(({ group, items }) => {
          const isOpen = expanded.has(group);
          const id = `side-group-${layout}-${group}`;
          return (
            <div key={group} className={isOpen ? 'side-group is-open' : 'side-group'}>
              <button type="button" className="side-group-toggle" aria-expanded={isOpen} aria-controls={id} onClick={() => expanded.toggle(group)}>
                <span>{t(`nav.groups.${group}`)}</span>
                <Icon name="chevron" size={16} className="side-group-chevron" />
              </button>
              <ul id={id} hidden={!isOpen}>{items.map(link)}</ul>
            </div>
          );
        })}
      </nav>
    </>
  );
}

/**
 * Which menu sections are open: on every page those openMenuGroups names, the others closed, so the menu stays
 * short; the user opens and closes any of them until the next page.
 */
function useOpenGroups(sections: MenuSection[], location: string) {
  // The sections change once the signed-in user is known: the page's open sections are chosen again then.
  const at = `${location} ${sections.map((s) => s.group).join(',')}`;
  const initial = () => ({ at, open: new Set(openMenuGroups(sections, location)) });
  const [state, setState] = useState(initial);
  let current = state;
  if (state.at !== at) {
    current = initial();
    setState(current);
  }
  return {
    has: (group: MenuGroup) => current.open.has(group),
    toggle: (group: MenuGroup) =>
      setState((s) => {
        const open = new Set(s.open);
        if (!open.delete(group)) open.add(group);
        return { ...s, open };
      }),
  };
}
