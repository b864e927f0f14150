/**
 * A save whose form carries its file (a bank's logo, a deposit's receipt, a promo image, an agency's logo) instead
 * of naming a file uploaded before: the file is stored under the same rules as POST /uploads (who may store it for
 * that purpose, the daily cap, size and type) and the save reads its stored name in the file's field. A save the
 * schema then refuses removes the file again, so a refused form leaves nothing behind.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context';
import { validationError } from '../http/errors';
import { currentUser } from '../http/guards';
import { coerceForm, formParts, isForm } from '../http/form-body';
import { body, issuesToErrors, withIdAlias } from '../http/validate';
import { assertMayStore, deleteUpload, storeUpload, type UploadPurpose } from './service';

export interface FormFile { field: string; purpose: UploadPurpose; imagesOnly?: boolean }

export async function bodyWithFile<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S, file: FormFile): Promise<v.InferOutput<S>> {
  if (!isForm(c)) return body(c, schema);
  const { fields, files } = await formParts(c);
  const parts = Object.values(files);
  if (parts.length > 1) throw validationError({ [file.field]: ['Send one file.'] });
  const stored = parts.length ? await storeFormFile(c, parts[0], file) : null;
  const result = v.safeParse(schema, withIdAlias(coerceForm(schema, stored ? { ...fields, [file.field]: stored } : fields)));
  if (result.success) return result.output;
  if (stored) await deleteUpload(c.get('ctx').db, stored);
  throw validationError(issuesToErrors(result.issues));
}

async function storeFormFile(c: Context<AppEnv>, part: File, file: FormFile): Promise<string> {
  const user = currentUser(c);
  const ctx = c.get('ctx');
  await assertMayStore(ctx, user, file.purpose, file.field);
  const info = await storeUpload(ctx.db, {
    bytes: new Uint8Array(await part.arrayBuffer()), originalName: part.name, ownerId: user.id, purpose: file.purpose, imagesOnly: file.imagesOnly, field: file.field,
  });
  return info.file_name;
}
