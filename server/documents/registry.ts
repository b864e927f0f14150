/**
 * Documents and other mail attachments by kind: a kind loads its record and answers a file. Mails store only
 * `{kind, id, lang}` and the outbox worker renders at send time; the download routes use the same kinds. A new
 * product's document is a model builder and one line in a module the app loads (its routes.ts, say):
 *   registerDocument('insurance-policy', (ctx, id) => loadPolicy(ctx.db, id),
 *     (p, lang) => ({ model: policyModel(p, lang), filename: fileName('policy', p.number, lang) }));
 * then `documentResponse(c, 'insurance-policy', id, lang)` (routes.ts) answers its download after the product's
 * own access check, and `attachments: [{kind: 'insurance-policy', id, lang}]` on a mail attaches it.
 */
import type { AppContext } from '../context';
import type { DocLang, DocumentModel } from './model';

export interface Attachment { filename: string; contentType: string; content: Buffer }
export interface AttachmentRef { kind: string; id: number; lang: DocLang }
type Producer = (ctx: AppContext, id: number, lang: DocLang) => Promise<Attachment | null>;

const producers = new Map<string, Producer>();

export function registerAttachment(kind: string, produce: Producer) {
  producers.set(kind, produce);
}

/** A PDF kind from a loader and a model builder; null when the record is gone (or the document not due yet). */
export function registerDocument<T>(kind: string, load: (ctx: AppContext, id: number) => Promise<T | null>, build: (record: T, lang: DocLang) => { model: DocumentModel; filename: string } | null) {
  registerAttachment(kind, async (ctx, id, lang) => {
    const record = await load(ctx, id);
    const built = record === null ? null : build(record, lang);
    if (!built) return null;
    const { renderPdf } = await import('./render');
    return { filename: built.filename, contentType: 'application/pdf', content: await renderPdf(built.model, lang) };
  });
}

export async function produceAttachment(ctx: AppContext, ref: AttachmentRef): Promise<Attachment | null> {
  const produce = producers.get(ref.kind);
  if (!produce) throw new Error(`No attachment kind ${ref.kind}`);
  return produce(ctx, ref.id, ref.lang);
}

/** `e-ticket-AB12CD.pdf`, with `-ar` for the Arabic copy. */
export const fileName = (what: string, reference: string, lang: DocLang, ext = 'pdf') =>
  `${what}-${reference.replace(/[^A-Za-z0-9-]/g, '')}${lang === 'ar' ? '-ar' : ''}.${ext}`;
