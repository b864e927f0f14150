import type { User } from '../../contract/auth';
import { findRoute, isScreen, menuFor, MENU_GROUPS, type Layout, type MenuGroup, type ScreenRoute } from './routes';

/**
 * The side menu in sections. Each entry names its section in the route table (`menu.group`); entries without one
 * (the dashboards, the agent's searches) stand above the sections. A section lists only the entries this user may
 * open, so a section left empty for a role is not shown at all.
 */

export interface MenuSection {
  group: MenuGroup;
  items: ScreenRoute[];
}
export interface SideMenuModel {
  top: ScreenRoute[];
  sections: MenuSection[];
}

/** Up to a dozen entries are read at a glance: sections would only hide them behind a click (a pending agent's menu). */
export const FLAT_MENU_MAX = 12;

export function sideMenuFor(layout: Layout, user: User | null): SideMenuModel {
  const items = menuFor(layout, user);
  if (items.length <= FLAT_MENU_MAX) return { top: items, sections: [] };
  return {
    top: items.filter((r) => !r.menu!.group),
    sections: (layout === 'admin' || layout === 'agent' ? MENU_GROUPS[layout] : []).map((group) => ({ group, items: items.filter((r) => r.menu!.group === group) })).filter((s) => s.items.length > 0),
  };
}

/**
 * The section that holds a page: the page's own entry's, or for a details page its list's (`detailOf`), so a
 * booking's details keep the bookings open. Other pages (forms) have none.
 */
export function menuGroupOf(path: string): MenuGroup | undefined {
  const { route } = findRoute(path);
  if (!isScreen(route)) return undefined;
  if (route.menu) return route.menu.group;
  return route.detailOf ? menuGroupOf(route.detailOf.list) : undefined;
}

/**
 * The sections open when a page is shown: the one holding the page, and a role's only section (reservation staff
 * have bookings alone, which closed would leave their menu empty but for a heading). The others start closed.
 */
export function openMenuGroups(sections: MenuSection[], path: string): MenuGroup[] {
  const open = new Set<MenuGroup>();
  const current = menuGroupOf(path);
  if (current) open.add(current);
  if (sections.length === 1) open.add(sections[0].group);
  return [...open];
}
