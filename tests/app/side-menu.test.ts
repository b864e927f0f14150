import { describe, expect, it } from 'vitest';
import { FLAT_MENU_MAX, menuGroupOf, openMenuGroups, sideMenuFor } from '../../src/app/menu';
import { isScreen, menuFor, MENU_GROUPS, ROUTES } from '../../src/app/routes';
import { IDENTITIES, type Identity } from '../machines/identities';
import en from '../../locales/en.json';
import ar from '../../locales/ar.json';

/** The side menu in sections: what each role sees, and which section a page opens. */
const sections = (layout: 'admin' | 'agent', who: Identity) => sideMenuFor(layout, IDENTITIES[who]).sections.map((s) => s.group);
const entries = (layout: 'admin' | 'agent', who: Identity) => {
  const m = sideMenuFor(layout, IDENTITIES[who]);
  return [...m.top, ...m.sections.flatMap((s) => s.items)].map((r) => r.path);
};

describe('side menu sections', () => {
  it('every back-office and agent entry but the dashboards and the agent searches names a section of its area, worded in both languages', () => {
    for (const layout of ['admin', 'agent'] as const) {
      const known: readonly string[] = MENU_GROUPS[layout];
      for (const r of ROUTES.filter(isScreen).filter((x) => x.layout === layout && x.menu)) {
        if (['/admin/dashboard', '/agent/dashboard', '/agent/pending-approval', '/agent/flights', '/agent/hotels', '/agent/price-alerts'].includes(r.path)) {
          expect(r.menu!.group, r.path).toBeUndefined();
        } else {
          expect(known, r.path).toContain(r.menu!.group);
        }
      }
      for (const g of known) {
        expect(en.nav.groups[g as keyof typeof en.nav.groups], g).toBeTruthy();
        expect(ar.nav.groups[g as keyof typeof ar.nav.groups], g).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });

  it('sections change how the menu is laid out, never what it holds or its order within a section', () => {
    for (const who of Object.keys(IDENTITIES) as Identity[]) {
      for (const layout of ['admin', 'agent'] as const) {
        expect(new Set(entries(layout, who)), `${layout} ${who}`).toEqual(new Set(menuFor(layout, IDENTITIES[who]).map((r) => r.path)));
        for (const s of sideMenuFor(layout, IDENTITIES[who]).sections) {
          const orders = s.items.map((r) => r.menu!.order);
          expect(orders).toEqual([...orders].sort((a, b) => a - b));
        }
      }
    }
  });

  it('the admin sees every section with the dashboard above them; each entry sits where staff look for it', () => {
    const admin = sideMenuFor('admin', IDENTITIES.admin);
    expect(admin.top.map((r) => r.path)).toEqual(['/admin/dashboard']);
    expect(admin.sections.map((s) => s.group)).toEqual(['bookings', 'money', 'catalogue', 'people', 'settings', 'insight']);
    const where = (path: string) => admin.sections.find((s) => s.items.some((r) => r.path === path))?.group;
    expect(where('/admin/void-bookings')).toBe('bookings');
    expect(where('/admin/import-pnr')).toBe('bookings');
    expect(where('/admin/topup-request')).toBe('money');
    expect(where('/admin/hotel-margin')).toBe('money');
    expect(where('/admin/airlines')).toBe('catalogue');
    expect(where('/admin/staff')).toBe('people');
    expect(where('/admin/booking-settings')).toBe('settings');
    expect(where('/admin/flows')).toBe('insight');
  });

  it('a section with nothing the role may open is not shown', () => {
    // Reservation staff work on bookings only: no money, catalogue, people, settings or insight heading.
    expect(sections('admin', 'reservation')).toEqual(['bookings']);
    // The read-only analyst: no catalogue and no settings.
    expect(sections('admin', 'analyst')).toEqual(['bookings', 'money', 'people', 'insight']);
    // Accounts: money, the bookings they read, and the airlines (for their margins).
    expect(sections('admin', 'accounts')).toEqual(['bookings', 'money', 'catalogue']);
    expect(sideMenuFor('admin', IDENTITIES.accounts).sections.find((s) => s.group === 'catalogue')!.items.map((r) => r.path)).toEqual(['/admin/airlines']);
    for (const who of Object.keys(IDENTITIES) as Identity[]) {
      for (const layout of ['admin', 'agent'] as const) for (const s of sideMenuFor(layout, IDENTITIES[who]).sections) expect(s.items.length).toBeGreaterThan(0);
    }
  });

  it('the agent portal is long enough for sections too; a short menu (a pending agent) stays one list', () => {
    expect(menuFor('agent', IDENTITIES.agentApproved).length).toBeGreaterThan(FLAT_MENU_MAX);
    expect(sections('agent', 'agentApproved')).toEqual(['bookings', 'money', 'agency']);
    expect(sideMenuFor('agent', IDENTITIES.agentApproved).top.map((r) => r.path)).toEqual(['/agent/dashboard', '/agent/flights', '/agent/hotels', '/agent/price-alerts']);
    expect(sideMenuFor('agent', IDENTITIES.agentPending)).toEqual({ top: menuFor('agent', IDENTITIES.agentPending), sections: [] });
  });

  it("the section open on a page is the page's own, or its list's for a details page; other pages open none", () => {
    expect(menuGroupOf('/admin/topup-request')).toBe('money');
    expect(menuGroupOf('/admin/hotel-bookings')).toBe('bookings');
    expect(menuGroupOf('/admin/users/')).toBe('people');
    expect(menuGroupOf('/admin/deposit-details')).toBe('money');
    expect(menuGroupOf('/admin/booking-details')).toBe('bookings');
    expect(menuGroupOf('/agent/pnr-details')).toBe('bookings');
    expect(menuGroupOf('/admin/dashboard')).toBeUndefined();
    expect(menuGroupOf('/admin/new-user')).toBeUndefined();
    expect(menuGroupOf('/nowhere')).toBeUndefined();
    // Every entry opens its own section, so the current page's link is never hidden in a closed one.
    for (const r of ROUTES.filter(isScreen).filter((x) => x.menu)) expect(menuGroupOf(r.path), r.path).toBe(r.menu!.group);
  });

  it("a page opens its own section only, or a role's only section; the dashboard opens none", () => {
    const admin = sideMenuFor('admin', IDENTITIES.admin).sections;
    expect(openMenuGroups(admin, '/admin/topup-request')).toEqual(['money']);
    expect(openMenuGroups(admin, '/admin/insurance-policy')).toEqual(['bookings']);
    expect(openMenuGroups(admin, '/admin/dashboard')).toEqual([]);
    expect(openMenuGroups(sideMenuFor('admin', IDENTITIES.analyst).sections, '/admin/flows')).toEqual(['insight']);
    // Reservation staff have the bookings alone: open on every page, the dashboard too.
    expect(openMenuGroups(sideMenuFor('admin', IDENTITIES.reservation).sections, '/admin/dashboard')).toEqual(['bookings']);
    expect(openMenuGroups(sideMenuFor('admin', IDENTITIES.reservation).sections, '/admin/void-bookings')).toEqual(['bookings']);
  });
});
