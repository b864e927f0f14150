import type { Role } from './auth';

/**
 * Back-office permissions. The server enforces them and the app's menus show
 * only what a role may use, both from this one table.
 */
export const PERMISSIONS = [
  'users.manage', // users, staff, agent approval
  'users.read', // the users and staff lists and a user's details, without changing them
  'deposits.read', // top-up requests and deposit details, without deciding them
  'deposits.manage', // top-up requests, approve/reject deposits
  'ledger.manage', // statements, transactions, other charges
  'ledger.read', // statements, transactions and other charges, without posting
  'banks.manage',
  'margins.manage', // customer margin values, agent markup/discount, airline margins
  'bookings.read',
  'bookings.manage', // cancel/confirm/approve/void, void queue, direct bookings, quotations
  'pnr.import',
  'travellers.manage',
  'catalogue.manage', // visas, holidays, umrah, group tickets, airlines, airports, aircraft, suppliers, banners
  'leads.manage',
  'leads.read', // enquiries, without handling them
  'settings.manage', // booking-status setting
  'flows.view', // the statechart explorer at /admin/flows
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ACCOUNTS: Permission[] = ['deposits.manage', 'ledger.manage', 'banks.manage', 'margins.manage', 'bookings.read'];
const RESERVATION: Permission[] = ['bookings.read', 'bookings.manage', 'pnr.import', 'travellers.manage'];
/** Read-only: the statechart explorer, the dashboard and lists; no money, approval or edit action. */
const ANALYST: Permission[] = ['flows.view', 'bookings.read', 'deposits.read', 'users.read', 'ledger.read', 'leads.read'];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  accounts: ACCOUNTS,
  reservation: RESERVATION,
  analyst: ANALYST,
  agent: [],
  customer: [],
};

export function can(role: Role | undefined | null, permission: Permission): boolean {
  return !!role && ROLE_PERMISSIONS[role].includes(permission);
}
