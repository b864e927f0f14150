import { bookings, deposits, hotelBookings, insurancePolicies, packageBookings, visaApplications } from '../db/schema';
import { firstStatus, type LifecycleKind } from '../../machines/lifecycle';

/** The table each kind's status lives in. */
export const STATUS_TABLES = {
  flight: bookings,
  hotel: hotelBookings,
  package: packageBookings,
  visa: visaApplications,
  insurance: insurancePolicies,
  deposit: deposits,
} as const satisfies Record<LifecycleKind, unknown>;

export type StatusTables = typeof STATUS_TABLES;
export type RowOf<K extends LifecycleKind> = StatusTables[K]['$inferSelect'];
export type SetOf<K extends LifecycleKind> = Partial<StatusTables[K]['$inferInsert']>;

/** How the refusal of an event names the thing refused, per kind. */
export const NOUNS: Record<LifecycleKind, string> = {
  flight: 'booking', hotel: 'hotel booking', package: 'package booking', visa: 'visa application', insurance: 'policy', deposit: 'deposit',
};

/** The status a record of `kind` is inserted with when `event` creates it, read from the kind's machine. */
export const statusAtCreation = <K extends LifecycleKind>(kind: K, event: string) => firstStatus(kind, event) as RowOf<K>['status'];
