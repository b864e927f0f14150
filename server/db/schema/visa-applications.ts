import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, date } from 'drizzle-orm/pg-core';
import { VISA_APPLICATION_STATUSES, VISA_PAYMENT_METHODS } from '../../../contract/visa-applications';
import { users } from './auth';
import { statusChangeColumns } from './status-events';
import { visas } from './catalogue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A visa application: the visa as applied for (so it reads the same if the catalogue changes), its travellers
 * with their documents (uploads.file_name, checked as the applicant's own when applying), the fee the server
 * computed, and where it stands: pending_payment → submitted → in_review → approved | rejected.
 */
export const visaApplications = pgTable(
  'visa_applications',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    status: text('status', { enum: VISA_APPLICATION_STATUSES }).notNull(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    /** The agency an agent bought it for (a branch user's agency, or the agent itself); none for a customer. */
    agencyId: integer('agency_id').references(() => users.id, { onDelete: 'restrict' }),
    channel: text('channel', { enum: ['customer', 'agent'] }).notNull(),
    // Set null if the catalogue deletes the visa: the application keeps its snapshot in `visa`.
    visaId: integer('visa_id').references(() => visas.id, { onDelete: 'set null' }),
    visa: jsonb('visa').notNull(),
    travelDate: date('travel_date', { mode: 'string' }).notNull(),
    travellers: jsonb('travellers').notNull(),
    travellerCount: integer('traveller_count').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('PKR'),
    paymentMethod: text('payment_method', { enum: VISA_PAYMENT_METHODS }).notNull(),
    paymentStatus: text('payment_status', { enum: ['pending', 'paid', 'refunded'] }).notNull().default('pending'),
    contactEmail: text('contact_email').notNull(), // lower-cased
    contactPhone: text('contact_phone').notNull(),
    contactCountry: text('contact_country').notNull(),
    rejectionReason: text('rejection_reason'),
    idempotencyKey: text('idempotency_key'),
    locale: text('locale').notNull().default('en'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    submittedAt: ts('submitted_at'),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('visa_applications_reference_uq').on(t.reference),
    uniqueIndex('visa_applications_idempotency_uq').on(t.idempotencyKey),
    index('visa_applications_user_idx').on(t.userId, t.createdAt),
    index('visa_applications_status_idx').on(t.status, t.createdAt),
  ],
);

/** Every status change of an application, written in the transaction of the change: who, when, from what to what. */
export const visaApplicationEvents = pgTable(
  'visa_application_events',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id').notNull().references(() => visaApplications.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    ...statusChangeColumns(),
  },
  (t) => [index('visa_application_events_app_idx').on(t.applicationId, t.id)],
);
