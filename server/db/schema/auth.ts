import { boolean, index, integer, pgSequence, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(), // stored lower-cased
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'accounts', 'reservation', 'analyst', 'agent', 'customer'] }).notNull(),
    isApproved: boolean('is_approved').notNull().default(false),
    emailVerifiedAt: ts('email_verified_at'),
    status: text('status', { enum: ['active', 'suspended', 'deleted'] }).notNull().default('active'),
    agentCode: text('agent_code'),
    locale: text('locale').notNull().default('en'),
    /** A branch user's agency (the agent whose wallet and markup it books with); null for an agency itself. */
    agencyId: integer('agency_id').references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    /** A branch user's role in its agency; null for the agency itself, which is its own agency admin. */
    agencyRole: text('agency_role', { enum: ['agency_admin', 'booker'] }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), uniqueIndex('users_agent_code_uq').on(t.agentCode), index('users_role_idx').on(t.role), index('users_agency_idx').on(t.agencyId)],
);

/** Cookie sessions live in the database so any app server can serve any request. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(), // sha256 of the cookie value
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    accessTokenId: integer('access_token_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Bearer tokens handed out at login ("id|secret"); only the hash of the secret is kept. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('password_resets_token_uq').on(t.tokenHash)],
);

/** Fixed-window counters; kept in the database so limits hold across several app servers. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  hits: integer('hits').notNull(),
});

/** Agent codes (AGN-26-0001) count up across the product. */
export const agentCodeSeq = pgSequence('agent_code_seq', { startWith: 1 });
