import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../../contract/auth';
import { guard, type Access } from '../../machines/guard';
import { findRoute } from '../../src/app/routes';
import { IDENTITIES, type Identity } from './identities';

/**
 * Every identity × target area. Routed targets go through the
 * real route table; back-office permissions and agent extras that later issues add are given as rows.
 */
type Expect = 'allow' | string;
type Row = Record<Identity, Expect>;

const ok: Row = Object.fromEntries(Object.keys(IDENTITIES).map((k) => [k, 'allow'])) as Row;
const row = (r: Partial<Row> & { default?: Expect }): Row => {
  const { default: d, ...rest } = r;
  return { ...(Object.fromEntries(Object.keys(IDENTITIES).map((k) => [k, d ?? 'allow'])) as Row), ...rest };
};
const staff = { admin: 'allow', accounts: 'allow', reservation: 'allow', analyst: 'allow' } as const;
const toStaffHome = { admin: '/admin/dashboard', accounts: '/admin/dashboard', reservation: '/admin/dashboard', analyst: '/admin/dashboard' } as const;
const customersHome = { anonymous: '/', customerUnverified: '/', customer: '/' } as const;

const ROUTED: Record<string, Row> = {
  // Public pages.
  '/': ok,
  '/contact/us': ok,
  '/about/us': ok,
  '/no/such/page': ok,
  // Auth pages for visitors: signed-in users go where they belong (an unverified agent to verify-message).
  '/auth/login': row({ ...customersHome, anonymous: 'allow', agentUnverified: '/verify-message', agentPending: '/agent/dashboard', agentApproved: '/agent/dashboard', ...toStaffHome }),
  '/auth/register': row({ ...customersHome, anonymous: 'allow', agentUnverified: '/verify-message', agentPending: '/agent/dashboard', agentApproved: '/agent/dashboard', ...toStaffHome }),
  '/auth/agent/register': row({ ...customersHome, anonymous: 'allow', agentUnverified: '/verify-message', agentPending: '/agent/dashboard', agentApproved: '/agent/dashboard', ...toStaffHome }),
  // Auth pages open to anyone (an emailed link may be opened signed in or not).
  '/auth/forgot-password': ok,
  '/auth/password-reset/abc123': ok,
  '/auth/verify-email': ok,
  '/email-success-message': ok,
  // Verify-message: signed in and not verified yet.
  '/verify-message': row({ anonymous: '/', customerUnverified: 'allow', customer: '/', agentUnverified: 'allow', agentPending: '/agent/pending-approval', agentApproved: '/agent/dashboard', ...toStaffHome }),
  // My trips: customers only (verified or not: their bookings do not wait for the mail); guests to home, others to theirs.
  '/my-trips': row({ anonymous: '/', customerUnverified: 'allow', customer: 'allow', agentUnverified: '/agent/dashboard', agentPending: '/agent/dashboard', agentApproved: '/agent/dashboard', ...toStaffHome }),
  '/find-booking': ok,
  // Agent area.
  '/agent/dashboard': row({ ...customersHome, agentUnverified: '/verify-message', agentPending: '/agent/pending-approval', agentApproved: 'allow', ...toStaffHome }),
  '/agent': row({ ...customersHome, agentUnverified: '/verify-message', agentPending: '/agent/pending-approval', agentApproved: 'allow', ...toStaffHome }),
  '/agent/pending-approval': row({ ...customersHome, agentUnverified: '/verify-message', agentPending: 'allow', agentApproved: '/agent/dashboard', ...toStaffHome }),
  '/agent/add-agent-details': row({ ...customersHome, agentUnverified: 'allow', agentPending: 'allow', agentApproved: 'allow', ...toStaffHome }),
  // Back office: every staff role, the read-only analyst too.
  '/admin/dashboard': row({ ...customersHome, agentUnverified: '/agent/dashboard', agentPending: '/agent/dashboard', agentApproved: '/agent/dashboard', ...staff }),
  '/admin': row({ ...customersHome, agentUnverified: '/agent/dashboard', agentPending: '/agent/dashboard', agentApproved: '/agent/dashboard', ...staff }),
  // Top-up requests: deciders (deposits.manage) and readers (deposits.read, the analyst).
  '/admin/topup-request': row({ ...customersHome, agentUnverified: '/agent/dashboard', agentPending: '/agent/dashboard', agentApproved: '/agent/dashboard', admin: 'allow', accounts: 'allow', analyst: 'allow', reservation: '/admin/dashboard' }),
  // Users: managers (users.manage) and readers (users.read, the analyst).
  '/admin/users': row({ ...customersHome, agentUnverified: '/agent/dashboard', agentPending: '/agent/dashboard', agentApproved: '/agent/dashboard', admin: 'allow', accounts: '/admin/dashboard', analyst: 'allow', reservation: '/admin/dashboard' }),
};

const notStaff = { ...customersHome, agentUnverified: '/agent/dashboard', agentPending: '/agent/dashboard', agentApproved: '/agent/dashboard' } as const;
const byPermission = (p: Access['permission']): Access => ({ roles: STAFF_ROLES, permission: p });
const UNROUTED: [string, Access, Row][] = [
  ['admin screen: users.manage', byPermission('users.manage'), row({ ...notStaff, admin: 'allow', accounts: '/admin/dashboard', reservation: '/admin/dashboard', analyst: '/admin/dashboard' })],
  ['admin screen: deposits.manage', byPermission('deposits.manage'), row({ ...notStaff, admin: 'allow', accounts: 'allow', reservation: '/admin/dashboard', analyst: '/admin/dashboard' })],
  ['admin screen: ledger.manage', byPermission('ledger.manage'), row({ ...notStaff, admin: 'allow', accounts: 'allow', reservation: '/admin/dashboard', analyst: '/admin/dashboard' })],
  ['admin screen: bookings.read', byPermission('bookings.read'), row({ ...notStaff, ...staff })],
  ['admin screen: bookings.manage', byPermission('bookings.manage'), row({ ...notStaff, admin: 'allow', accounts: '/admin/dashboard', reservation: 'allow', analyst: '/admin/dashboard' })],
  ['admin screen: pnr.import', byPermission('pnr.import'), row({ ...notStaff, admin: 'allow', accounts: '/admin/dashboard', reservation: 'allow', analyst: '/admin/dashboard' })],
  ['admin screen: catalogue.manage', byPermission('catalogue.manage'), row({ ...notStaff, admin: 'allow', accounts: '/admin/dashboard', reservation: '/admin/dashboard', analyst: '/admin/dashboard' })],
  ['admin screen: any of catalogue.manage, margins.manage (airlines)', byPermission(['catalogue.manage', 'margins.manage']), row({ ...notStaff, admin: 'allow', accounts: 'allow', reservation: '/admin/dashboard', analyst: '/admin/dashboard' })],
  ['admin screen: deposits.read or deposits.manage (top-up requests)', byPermission(['deposits.read', 'deposits.manage']), row({ ...notStaff, admin: 'allow', accounts: 'allow', analyst: 'allow', reservation: '/admin/dashboard' })],
  ['admin screen: flows.view (statechart explorer)', byPermission('flows.view'), row({ ...notStaff, admin: 'allow', analyst: 'allow', accounts: '/admin/dashboard', reservation: '/admin/dashboard' })],
  ['agent settings / update-agent-data (pending may complete the profile)', { roles: ['agent'], stages: ['pending', 'approved'] }, row({ ...customersHome, agentUnverified: '/verify-message', agentPending: 'allow', agentApproved: 'allow', ...toStaffHome })],
  ['agent bookings (approved only)', { roles: ['agent'] }, row({ ...customersHome, agentUnverified: '/verify-message', agentPending: '/agent/pending-approval', agentApproved: 'allow', ...toStaffHome })],
  ['signed-in only, any role', { auth: true }, row({ anonymous: '/' })],
];

const verdict = (who: Identity, access: Access | undefined) => {
  const r = guard(IDENTITIES[who], access);
  return r.allow ? 'allow' : r.redirect;
};

describe('guard: routed screens', () => {
  const cases = Object.entries(ROUTED).flatMap(([path, expected]) => (Object.keys(expected) as Identity[]).map((who) => [path, who, expected[who]] as const));
  it.each(cases)('%s as %s → %s', (path, who, expected) => {
    expect(verdict(who, findRoute(path).route.access)).toBe(expected);
  });
});

describe('guard: back-office permissions and agent extras', () => {
  const cases = UNROUTED.flatMap(([name, access, expected]) => (Object.keys(expected) as Identity[]).map((who) => [name, who, expected[who], access] as const));
  it.each(cases)('%s as %s → %s', (_, who, expected, access) => {
    expect(verdict(who, access)).toBe(expected);
  });
});

describe('guard: every redirect chain ends on a page the user may open', () => {
  const paths = [...Object.keys(ROUTED)];
  it.each(Object.keys(IDENTITIES) as Identity[])('%s never loops', (who) => {
    for (const start of paths) {
      let path = start;
      for (let hops = 0; ; hops++) {
        expect(hops, `${who} from ${start}`).toBeLessThan(4);
        const { route } = findRoute(path);
        const r = guard(IDENTITIES[who], route.access);
        if (r.allow && !('redirect' in route)) break;
        path = r.allow ? (route as { redirect: string }).redirect : r.redirect;
      }
    }
  });
});

describe('guard: agency management is for the agency and its admins', () => {
  const approved = IDENTITIES.agentApproved;
  const access = findRoute('/agent/agency-users').route.access;
  it('opens for the agency account and an agency admin, and sends a booker to the dashboard', () => {
    expect(guard(approved, access)).toEqual({ allow: true });
    expect(guard({ ...approved, agency_id: 1, agency_role: 'agency_admin' }, access)).toEqual({ allow: true });
    expect(guard({ ...approved, agency_id: 1, agency_role: 'booker' }, access)).toEqual({ allow: false, redirect: '/agent/dashboard', forbidden: true });
  });
});
