/** Roles, apart from auth.ts's schemas: the app's route guard reads them on every page and needs no validator. */
export const ROLES = ['admin', 'accounts', 'reservation', 'analyst', 'agent', 'customer'] as const;
export type Role = (typeof ROLES)[number];
/** Roles of the back office under /admin; analyst is read-only there (contract/permissions). */
export const STAFF_ROLES = ['admin', 'accounts', 'reservation', 'analyst'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaff = (role: string | undefined | null): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '');
