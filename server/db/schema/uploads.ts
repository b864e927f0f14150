import { boolean, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Raw bytes. node-postgres hands back a Buffer, PGlite a Uint8Array; both are Uint8Arrays. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
  fromDriver: (v) => v,
});

/**
 * Uploaded files live in the database (not on one server's disk), so every app server behind a load balancer
 * serves them and PGlite keeps them inside its data folder. Names are generated: random + extension of the
 * type detected from the bytes.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** What it is for: catalogue, logo, receipt, document, general. */
    purpose: text('purpose').notNull().default('general'),
    /** Public files are served to anyone (catalogue images, logos); private ones to the owner and staff. */
    isPublic: boolean('is_public').notNull().default(false),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_file_name_uq').on(t.fileName), index('uploads_owner_idx').on(t.ownerId, t.id)],
);
