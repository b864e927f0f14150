import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { EXPORT_KINDS, MemoInput, PeriodQuery, type ExportKind } from '../../contract/reconciliation';
import type { AppEnv } from '../context';
import { currentUser, requirePermission } from '../http/guards';
import { notFound, validationError } from '../http/errors';
import { body, issuesToErrors } from '../http/validate';
import { idFrom } from '../agents/common';
import { importStatement } from './import';
import { closeStatement, exportLines, listStatements, RECONCILIATION, setMemoState, statementDetail } from './service';

/** The largest statement file taken (a month of tickets is a few hundred kilobytes). */
const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
const FILE_REQUIRED = 'Choose the statement CSV file.';

/** Accounts staff reconcile (import, dispute memos, close); the analyst reads; reservation staff do neither. */
const reconcilers = requirePermission('ledger.manage');
const readers = requirePermission('ledger.manage', 'ledger.read');

export const csvAnswer = (c: Context<AppEnv>, csv: string, fileName: string) =>
  c.body(csv, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' });

async function statementUpload(c: Context<AppEnv>) {
  let form: Record<string, unknown>;
  try {
    form = (await c.req.parseBody({ all: false })) as Record<string, unknown>;
  } catch {
    throw validationError({ file: [FILE_REQUIRED] });
  }
  const period = v.safeParse(PeriodQuery, { from: form.from ?? '', to: form.to ?? '' });
  const errors: Record<string, string[]> = period.success ? {} : issuesToErrors(period.issues);
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) errors.file = [FILE_REQUIRED];
  else if (file.size > MAX_STATEMENT_BYTES) errors.file = ['The statement file is larger than 5 MB.'];
  if (Object.keys(errors).length || !period.success || !(file instanceof File)) throw validationError(errors);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(await file.arrayBuffer());
  if (text.includes('\u0000')) throw validationError({ file: ['The statement must be a CSV text file.'] });
  return { period: period.output, text, fileName: file.name || 'statement.csv' };
}

export function reconciliationRoutes() {
  const r = new Hono<AppEnv>();
  const statementId = (c: Context<AppEnv>) => idFrom(c.req.param('id'), RECONCILIATION.notFound);

  r.get('/reconciliation/statements', readers, async (c) => c.json({ data: await listStatements(c.get('ctx').db) }));

  r.post('/reconciliation/statements', reconcilers, async (c) => {
    const { period, text, fileName } = await statementUpload(c);
    const data = await importStatement(c.get('ctx'), currentUser(c), text, fileName, period);
    return c.json({ message: `Statement imported: ${data.matched} of ${data.lines} lines matched, ${data.variances} with a variance.`, data }, 201);
  });

  r.get('/reconciliation/statements/:id', readers, async (c) => c.json({ data: await statementDetail(c.get('ctx').db, statementId(c)) }));

  r.get('/reconciliation/statements/:id/export/:kind', readers, async (c) => {
    const kind = c.req.param('kind');
    if (!(EXPORT_KINDS as readonly string[]).includes(kind)) throw notFound('Export not found.');
    const { csv, fileName } = await exportLines(c.get('ctx').db, statementId(c), kind as ExportKind);
    return csvAnswer(c, csv, fileName);
  });

  r.post('/reconciliation/statements/:id/lines/:lineId/memo', reconcilers, async (c) => {
    const input = await body(c, MemoInput);
    const lineId = idFrom(c.req.param('lineId'), RECONCILIATION.lineNotFound);
    return c.json({ message: 'Memo updated.', data: await setMemoState(c.get('ctx'), statementId(c), lineId, input) });
  });

  r.post('/reconciliation/statements/:id/close', reconcilers, async (c) => {
    const data = await closeStatement(c.get('ctx'), currentUser(c), statementId(c));
    return c.json({ message: `Period ${data.period.from} to ${data.period.to} closed; the settlement is posted.`, data });
  });

  return r;
}
