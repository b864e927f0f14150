import { bigint, boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { POLICY_PAYMENT_METHODS, POLICY_STATUSES } from '../../../contract/insurance';
import { users } from './auth';

/**
 * Travel insurance plans. A quote is per traveller: daily rate × days (at least the plan minimum), times the
 * region factor, times the age band factor; travellers older than max_age are not covered by the plan.
 */
export const insurancePlans = pgTable('insurance_plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nameAr: text('name_ar'),
  coverageMinor: integer('coverage_minor').notNull(), // medical cover
  coverageCurrency: text('coverage_currency').notNull().default('USD'),
  dailyRateMinor: integer('daily_rate_minor').notNull(),
  minPremiumMinor: integer('min_premium_minor').notNull().default(0),
  currency: text('currency').notNull().default('PKR'),
  regions: jsonb('regions').$type<string[]>().notNull(),
  maxDays: integer('max_days').notNull().default(180),
  maxAge: integer('max_age').notNull().default(80),
  benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
  /** The benefits in Arabic, line for line; a plan without them shows the English ones. */
  benefitsAr: jsonb('benefits_ar').$type<string[]>().notNull().default([]),
  description: text('description').notNull().default(''),
  isPublished: boolean('is_published').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A travel insurance policy bought online: the plan and premium as quoted when bought (amounts in integer minor
 * units, never a client's), its travellers and cover dates. pending_payment → issued (paid by card or wallet);
 * pending_payment → expired (the card payment never came; the job) or canceled.
 */
export const insurancePolicies = pgTable(
  'insurance_policies',
  {
    id: serial('id').primaryKey(),
    /** "SI-26-000123": the year it was bought and the id, so it is unique and readable over the phone. */
    policyNumber: text('policy_number').notNull(),
    status: text('status', { enum: POLICY_STATUSES }).notNull(),
    /** The plan it was bought from; a plan deleted later leaves the policy with its copy in `plan`. */
    planId: integer('plan_id').references(() => insurancePlans.id, { onDelete: 'set null' }),
    /** The plan as sold (name, Arabic name, cover, benefits), so the policy reads the same if the plan changes. */
    plan: jsonb('plan').notNull(),
    region: text('region').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    /** Each traveller with the age on the first day of cover and the premium quoted for it. */
    travellers: jsonb('travellers').notNull(),
    contactEmail: text('contact_email').notNull(), // lower-cased
    contactPhone: text('contact_phone').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('PKR'),
    paymentMethod: text('payment_method', { enum: POLICY_PAYMENT_METHODS }).notNull(),
    paymentStatus: text('payment_status', { enum: ['pending', 'paid'] }).notNull().default('pending'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The agency an agent bought it for (a branch user's agency, or the agent itself); none for a customer. */
    agencyId: integer('agency_id').references(() => users.id, { onDelete: 'restrict' }),
    channel: text('channel', { enum: ['agent', 'customer', 'guest'] }).notNull(),
    /** Who asked for it (null for a guest); with issued_at the policy's audit fields. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'restrict' }),
    holdExpiresAt: ts('hold_expires_at'),
    idempotencyKey: text('idempotency_key'),
    locale: text('locale').notNull().default('en'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    issuedAt: ts('issued_at'),
    canceledAt: ts('canceled_at'),
  },
  (t) => [
    uniqueIndex('insurance_policies_number_uq').on(t.policyNumber),
    uniqueIndex('insurance_policies_idempotency_uq').on(t.idempotencyKey),
    index('insurance_policies_user_idx').on(t.userId, t.createdAt),
    index('insurance_policies_status_idx').on(t.status, t.holdExpiresAt),
  ],
);
