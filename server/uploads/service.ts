/**
 * The uploads service: every file the product accepts goes through here, whichever route receives it.
 *
 *   storeUpload(db, {bytes, originalName, ownerId, purpose}) → {file_name, url, mime, size, ...}
 *   assertUploadOwnedBy(db, fileName, userId, opts?)       → the upload, or a 422 on `field`
 *   readFileField(c, field?)                               → {bytes, originalName} from a multipart body
 *
 * Files are checked by content (magic bytes via file-type), never by name or declared type: JPEG, PNG, WebP,
 * GIF and PDF only, at most 5 MB. Stored names are random with the extension of the detected type.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { and, count, desc, eq, gte, or, type SQL } from 'drizzle-orm';
import { isStaff, type Role } from '../../contract/auth';
import { can, ROLE_PERMISSIONS } from '../../contract/permissions';
import type { DbOrTx } from '../db/client';
import { uploads } from '../db/schema/uploads';
import type { AppContext } from '../context';
import { ApiError, forbidden, validationError } from '../http/errors';
import { assertCleanFields } from '../http/clean-input';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ALLOWED_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
} as const;
export type AllowedMime = keyof typeof ALLOWED_TYPES;

export const UPLOAD_PURPOSES = ['catalogue', 'logo', 'receipt', 'document', 'general'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** Purposes served to anyone; the rest only to the owner and back-office staff. */
export const PUBLIC_PURPOSES: readonly UploadPurpose[] = ['catalogue', 'logo'];

/** Generated names only: 32 hex characters and one of our extensions. Anything else (../, %2F, \0) is refused. */
export const FILE_NAME_RE = /^[a-f0-9]{32}\.(jpg|png|webp|gif|pdf)$/;
export const isSafeFileName = (name: string) => FILE_NAME_RE.test(name);

export const UPLOAD_MESSAGES = {
  required: 'The file field is required.',
  tooLarge: 'The file may not be greater than 5 MB.',
  type: 'The file must be an image (JPEG, PNG, WebP, GIF) or a PDF.',
  empty: 'The file is empty.',
  unknown: 'The selected file does not exist.',
  notYours: 'The selected file does not belong to you.',
  notImage: 'The file must be an image (JPEG, PNG, WebP, GIF).',
  readOnly: 'Your role reads only: it cannot upload files.',
  catalogueOnly: 'Only catalogue managers may upload catalogue images.',
  receiptOnly: 'Only agents and staff who handle deposits may upload a deposit receipt.',
  tooMany: 'You have uploaded too many files today. Try again tomorrow.',
} as const;

/** Staff whose every permission is a read: no form of theirs carries a file, so they may not upload at all. */
export const readsOnly = (role: Role) => isStaff(role) && ROLE_PERMISSIONS[role].every((p) => p.endsWith('.read') || p === 'flows.view');

/**
 * Whether a role that may upload may store a file for this purpose: only those whose forms carry such a file. The
 * answer is the refusal's message, or null when allowed.
 */
function purposeRefusal(role: Role, purpose: UploadPurpose): string | null {
  if (purpose === 'catalogue' && !can(role, 'catalogue.manage')) return UPLOAD_MESSAGES.catalogueOnly;
  if (purpose === 'receipt' && role !== 'agent' && !can(role, 'deposits.manage')) return UPLOAD_MESSAGES.receiptOnly;
  return null;
}

/** Files the user stored since `since` (the daily cap counts them). */
async function uploadsSince(db: DbOrTx, ownerId: number, since: Date): Promise<number> {
  const [r] = await db.select({ n: count() }).from(uploads).where(and(eq(uploads.ownerId, ownerId), gte(uploads.createdAt, since)));
  return Number(r?.n ?? 0);
}

const DAY_MS = 86_400_000;

/**
 * Whether this user may store a file for this purpose now, whichever call carries it: a read-only role never, a
 * purpose only by those whose forms carry such a file (the refusal reported on `field`), and at most the daily cap
 * in the last 24 hours.
 */
export async function assertMayStore(ctx: AppContext, user: { id: number; role: Role }, purpose: UploadPurpose, field: string): Promise<void> {
  if (readsOnly(user.role)) throw forbidden(UPLOAD_MESSAGES.readOnly);
  const refusal = purposeRefusal(user.role, purpose);
  if (refusal) throw validationError({ [field]: [refusal] });
  if (await uploadsSince(ctx.db, user.id, new Date(ctx.now().getTime() - DAY_MS)) >= ctx.config.limits.uploadsPerUserPerDay) throw new ApiError(429, UPLOAD_MESSAGES.tooMany);
}

export interface UploadInfo {
  file_name: string;
  url: string;
  mime: string;
  size: number;
  original_name: string;
  purpose: string;
  is_public: boolean;
  owner_id: number | null;
  created_at: string;
}

type Row = Omit<typeof uploads.$inferSelect, 'bytes'>;
const meta = {
  id: uploads.id, fileName: uploads.fileName, originalName: uploads.originalName, mime: uploads.mime, size: uploads.size,
  ownerId: uploads.ownerId, purpose: uploads.purpose, isPublic: uploads.isPublic, sha256: uploads.sha256, createdAt: uploads.createdAt,
};

export const fileUrl = (fileName: string) => `/api/files/${fileName}`;

export function toUploadInfo(r: Row): UploadInfo {
  return {
    file_name: r.fileName, url: fileUrl(r.fileName), mime: r.mime, size: r.size, original_name: r.originalName,
    purpose: r.purpose, is_public: r.isPublic, owner_id: r.ownerId, created_at: r.createdAt.toISOString(),
  };
}

/** What the bytes are, by their magic numbers; null when not one of the allowed types. */
export async function detectType(bytes: Uint8Array): Promise<{ mime: AllowedMime; ext: string } | null> {
  // Imported with the first upload, not at start-up.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !(found.mime in ALLOWED_TYPES)) return null;
  const mime = found.mime as AllowedMime;
  return { mime, ext: ALLOWED_TYPES[mime] };
}

/** Keeps a display name harmless: no path, no control characters, bounded length. */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>]/g, '').trim().slice(0, 200);
  return cleaned || 'file';
}

export interface StoreUploadInput {
  bytes: Uint8Array;
  originalName?: string;
  ownerId: number | null;
  purpose?: UploadPurpose;
  /** Default: public for catalogue and logo, private otherwise. */
  isPublic?: boolean;
  /** Only accept images (e.g. a logo or a banner). */
  imagesOnly?: boolean;
  /** The field name errors are reported on (default `file`). */
  field?: string;
}

/** Checks and stores one file; joins the caller's transaction when given one. Throws 422 on `field`. */
export async function storeUpload(db: DbOrTx, input: StoreUploadInput): Promise<UploadInfo> {
  const field = input.field ?? 'file';
  const fail = (m: string) => validationError({ [field]: [m] });
  if (input.bytes.byteLength === 0) throw fail(UPLOAD_MESSAGES.empty);
  if (input.bytes.byteLength > MAX_UPLOAD_BYTES) throw fail(UPLOAD_MESSAGES.tooLarge);
  const type = await detectType(input.bytes);
  if (!type) throw fail(UPLOAD_MESSAGES.type);
  if (input.imagesOnly && type.mime === 'application/pdf') throw fail(UPLOAD_MESSAGES.notImage);
  const purpose = input.purpose ?? 'general';
  const [row] = await db
    .insert(uploads)
    .values({
      fileName: `${randomBytes(16).toString('hex')}.${type.ext}`,
      originalName: cleanOriginalName(input.originalName),
      mime: type.mime,
      size: input.bytes.byteLength,
      bytes: input.bytes,
      ownerId: input.ownerId,
      purpose,
      isPublic: input.isPublic ?? PUBLIC_PURPOSES.includes(purpose),
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
    })
    .returning(meta);
  return toUploadInfo(row);
}

/** The upload's metadata (no bytes), or null. */
export async function findUpload(db: DbOrTx, fileName: string): Promise<UploadInfo | null> {
  if (!isSafeFileName(fileName)) return null;
  const [row] = await db.select(meta).from(uploads).where(eq(uploads.fileName, fileName)).limit(1);
  return row ? toUploadInfo(row) : null;
}

/** Metadata and bytes, for serving. */
export async function readUpload(db: DbOrTx, fileName: string) {
  if (!isSafeFileName(fileName)) return null;
  const [row] = await db.select().from(uploads).where(eq(uploads.fileName, fileName)).limit(1);
  return row ?? null;
}

/**
 * For routes that take a file_name another call uploaded (a deposit's receipt, an agent's logo): the file must
 * exist and belong to `userId` (staff may pass allowAnyOwner). Throws 422 on `field` otherwise.
 */
export async function assertUploadOwnedBy(
  db: DbOrTx,
  fileName: string,
  userId: number,
  opts: { field?: string; allowAnyOwner?: boolean; imagesOnly?: boolean } = {},
): Promise<UploadInfo> {
  const field = opts.field ?? 'file';
  const info = await findUpload(db, fileName);
  if (!info) throw validationError({ [field]: [UPLOAD_MESSAGES.unknown] });
  if (!opts.allowAnyOwner && info.owner_id !== userId) throw validationError({ [field]: [UPLOAD_MESSAGES.notYours] });
  if (opts.imagesOnly && !info.mime.startsWith('image/')) throw validationError({ [field]: [UPLOAD_MESSAGES.notImage] });
  return info;
}

/** For catalogue rows that reference an image: it must exist and be an image. Returns the file name. */
export async function assertImage(db: DbOrTx, fileName: string, field: string): Promise<string> {
  const info = await findUpload(db, fileName);
  if (!info) throw validationError({ [field]: [UPLOAD_MESSAGES.unknown] });
  if (!info.mime.startsWith('image/')) throw validationError({ [field]: [UPLOAD_MESSAGES.notImage] });
  return info.file_name;
}

export async function listUploads(db: DbOrTx, opts: { ownerId?: number; page: number; perPage: number; purpose?: string }) {
  const conds: SQL[] = [];
  if (opts.ownerId !== undefined) conds.push(eq(uploads.ownerId, opts.ownerId));
  if (opts.purpose) conds.push(eq(uploads.purpose, opts.purpose));
  const where = conds.length ? and(...conds) : undefined;
  const rows = await db.select(meta).from(uploads).where(where).orderBy(desc(uploads.id)).limit(opts.perPage).offset((opts.page - 1) * opts.perPage);
  const [{ n }] = await db.select({ n: count() }).from(uploads).where(where);
  return { data: rows.map(toUploadInfo), meta: { page: opts.page, per_page: opts.perPage, total: n } };
}

export async function deleteUpload(db: DbOrTx, fileName: string): Promise<boolean> {
  if (!isSafeFileName(fileName)) return false;
  const rows = await db.delete(uploads).where(eq(uploads.fileName, fileName)).returning({ id: uploads.id });
  return rows.length > 0;
}

/** Public catalogue images or the given owner's files (for "pick an existing image" lists). */
export const visibleTo = (userId: number) => or(eq(uploads.isPublic, true), eq(uploads.ownerId, userId));

/**
 * One file from a multipart body. Checks the size before reading it into memory. Throws 422 on `field`.
 */
export async function readFileField(c: Context, field = 'file'): Promise<{ bytes: Uint8Array; originalName: string; form: Record<string, unknown> }> {
  let form: Record<string, unknown>;
  try {
    form = (await c.req.parseBody({ all: false })) as Record<string, unknown>;
  } catch {
    throw validationError({ [field]: [UPLOAD_MESSAGES.required] });
  }
  const file = form[field];
  if (!(file instanceof File)) throw validationError({ [field]: [UPLOAD_MESSAGES.required] });
  // The text fields and the file's own name are stored (purpose, original name): the same text rule as JSON.
  assertCleanFields({ ...Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string')), [field]: file.name });
  if (file.size > MAX_UPLOAD_BYTES) throw validationError({ [field]: [UPLOAD_MESSAGES.tooLarge] });
  if (file.size === 0) throw validationError({ [field]: [UPLOAD_MESSAGES.empty] });
  return { bytes: new Uint8Array(await file.arrayBuffer()), originalName: file.name, form };
}
