import { describe, expect, it } from 'vitest';
import { findRoute, isScreen, matchPath, menuFor, ROUTES } from '../../src/app/routes';
import { guard } from '../../machines/guard';
import { IDENTITIES, type Identity } from '../machines/identities';

describe('route table', () => {
  it('matches patterns with params and ignores trailing slashes', () => {
    expect(matchPath('/auth/password-reset/:token', '/auth/password-reset/a%2Bb')).toEqual({ token: 'a+b' });
    expect(matchPath('/about/us', '/about/us/')).toEqual({});
    expect(matchPath('/about/us', '/about')).toBeNull();
    expect(findRoute('/nowhere').route.path).toBe('*');
  });

  it('has unique paths and the screens the specification lists', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of ['/', '/contact/us', '/about/us', '/auth/login', '/auth/register', '/auth/agent/register', '/auth/verify-email', '/auth/forgot-password', '/auth/password-reset/:token', '/verify-message', '/email-success-message', '/agent/dashboard', '/agent/pending-approval', '/agent/add-agent-details', '/admin/dashboard']) {
      expect(paths).toContain(p);
    }
  });

  it('leads the spec\'s other names for the agent set-up and verify screens to those screens', () => {
    const target = (path: string) => { const r = ROUTES.find((x) => x.path === path); return r && 'redirect' in r ? r.redirect : null; };
    expect(target('/add-agent-details')).toBe('/agent/add-agent-details');
    expect(target('/agent/verify-message')).toBe('/verify-message');
  });

  it('puts every screen in the layout of its area', () => {
    for (const r of ROUTES) {
      if (r.path.startsWith('/admin')) expect(r.layout).toBe('admin');
      else if (r.path.startsWith('/agent')) expect(r.layout).toBe('agent');
      else if (r.path.startsWith('/auth')) expect(r.layout).toBe('auth');
    }
  });

  it('every screen module loads and exports a component', async () => {
    for (const r of ROUTES.filter(isScreen)) {
      const mod = await r.load();
      expect(typeof mod.default, r.path).toBe('function');
    }
  }, 60_000);
});

describe('side menus: the table filtered by the guard', () => {
  const menu = (layout: 'admin' | 'agent', who: Identity) => menuFor(layout, IDENTITIES[who]).map((r) => r.path);
  it('staff see the back-office screens their permissions allow', () => {
    const agentsIssue = (m: string[]) => m.filter((p) => ['/admin/dashboard', '/admin/users', '/admin/staff', '/admin/topup-request', '/admin/transactions', '/admin/other-charges', '/admin/banks', '/admin/customer-margin'].includes(p));
    expect(agentsIssue(menu('admin', 'admin'))).toEqual(['/admin/dashboard', '/admin/users', '/admin/staff', '/admin/topup-request', '/admin/transactions', '/admin/other-charges', '/admin/banks', '/admin/customer-margin']);
    expect(agentsIssue(menu('admin', 'accounts'))).toEqual(['/admin/dashboard', '/admin/topup-request', '/admin/transactions', '/admin/other-charges', '/admin/banks', '/admin/customer-margin']);
    expect(agentsIssue(menu('admin', 'reservation'))).toEqual(['/admin/dashboard']);
    // The read-only analyst: the dashboard, users and staff, top-up requests, transactions, other charges, the booking lists and leads; nothing that only writes.
    expect(menu('admin', 'analyst')).toEqual(['/admin/dashboard', '/admin/users', '/admin/staff', '/admin/topup-request', '/admin/transactions', '/admin/agent-credit', '/admin/reconciliation', '/admin/other-charges', '/admin/bookings', '/admin/hotel-bookings', '/admin/package-bookings', '/admin/visa-applications', '/admin/insurance-policies', '/admin/customer-bookings', '/admin/void-bookings', '/admin/queues', '/admin/direct-bookings', '/admin/leads', '/admin/flows']);
    // Airline margins are accounts' work too; airports are catalogue only.
    const reference = (who: Identity) => menu('admin', who).filter((p) => p === '/admin/airlines' || p === '/admin/airports');
    expect(reference('admin')).toEqual(['/admin/airlines', '/admin/airports']);
    expect(reference('accounts')).toEqual(['/admin/airlines']);
    expect(reference('reservation')).toEqual([]);
    expect(reference('analyst')).toEqual([]);
  });
  it('agents see what their stage allows', () => {
    // Approved agents get the whole area (the list grows as issues add screens), never the pending screen.
    const approved = menu('agent', 'agentApproved');
    expect(approved[0]).toBe('/agent/dashboard');
    for (const p of ['/agent/flights', '/agent/agent-bookings', '/agent/hotel-bookings', '/agent/deposits', '/agent/agent-ledger', '/agent/other-charges', '/agent/travellers', '/agent/add-agent-details', '/agent/settings']) expect(approved).toContain(p);
    expect(approved).not.toContain('/agent/pending-approval');
    expect(menu('agent', 'agentPending')).toEqual(['/agent/pending-approval', '/agent/add-agent-details', '/agent/settings']);
    expect(menu('agent', 'agentUnverified')).toEqual(['/agent/add-agent-details']);
  });
  it('hotel bookings sit beside the flight bookings for whoever reads bookings; the hotel margin is for margin staff', () => {
    const staff = ['admin', 'accounts', 'reservation', 'analyst'] as const;
    for (const who of staff) {
      const m = menu('admin', who);
      expect(m.indexOf('/admin/hotel-bookings'), who).toBe(m.indexOf('/admin/bookings') + 1);
    }
    expect(staff.filter((who) => menu('admin', who).includes('/admin/hotel-margin'))).toEqual(['admin', 'accounts']);
    // Agent margins have a screen of their own, so accounts (who do not open user pages) reach them.
    expect(staff.filter((who) => menu('admin', who).includes('/admin/agent-margins'))).toEqual(['admin', 'accounts']);
    const agent = menu('agent', 'agentApproved');
    expect(agent.indexOf('/agent/hotel-bookings')).toBe(agent.indexOf('/agent/agent-bookings') + 1);
    expect(menu('agent', 'agentPending')).not.toContain('/agent/hotel-bookings');
  });
  it('nobody else gets a menu, and every entry shown is one the user may open', () => {
    for (const who of Object.keys(IDENTITIES) as Identity[]) {
      for (const layout of ['admin', 'agent'] as const) {
        for (const r of menuFor(layout, IDENTITIES[who])) expect(guard(IDENTITIES[who], r.access).allow).toBe(true);
      }
    }
    expect(menu('admin', 'agentApproved')).toEqual([]);
    expect(menu('agent', 'admin')).toEqual([]);
    expect(menu('agent', 'customer')).toEqual([]);
  });
});
