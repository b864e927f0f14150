import type { Hono } from 'hono';
import { DiscrepancyInput, PeriodQuery } from '../../contract/reconciliation';
import type { AppEnv } from '../context';
import { currentUser, requirePermission } from '../http/guards';
import { notFound } from '../http/errors';
import { body, query } from '../http/validate';
import { idFrom } from '../agents/common';
import { csvAnswer } from '../reconciliation/routes';
import { addDiscrepancy, listDiscrepancies, removeDiscrepancy, supplierStatementCsv } from '../reconciliation/supplier-statement';

/** The console's staff and the accountants who reconcile its statements; the analyst may read them. */
const statementReaders = requirePermission('pnr.import', 'ledger.manage', 'ledger.read');
const statementEditors = requirePermission('pnr.import', 'ledger.manage');

/**
 * The embedded supplier's statement of a period (CSV) and the discrepancies its console injects into it. Registered
 * ahead of the console's own guard (PNR staff only), since accounts staff read and test statements too.
 */
export function supplierStatementRoutes(r: Hono<AppEnv>) {
  r.get('/supplier-console/statement', statementReaders, async (c) => {
    const p = query(c, PeriodQuery);
    return csvAnswer(c, await supplierStatementCsv(c.get('ctx').db, p), `supplier-statement-${p.from}-${p.to}.csv`);
  });

  r.get('/supplier-console/statement/discrepancies', statementReaders, async (c) =>
    c.json({ data: await listDiscrepancies(c.get('ctx').db, query(c, PeriodQuery)) }));

  r.post('/supplier-console/statement/discrepancies', statementEditors, async (c) => {
    const input = await body(c, DiscrepancyInput);
    return c.json({ message: 'Discrepancy added to the supplier statement.', data: await addDiscrepancy(c.get('ctx').db, currentUser(c), input) }, 201);
  });

  r.delete('/supplier-console/statement/discrepancies/:id', statementEditors, async (c) => {
    if (!(await removeDiscrepancy(c.get('ctx').db, idFrom(c.req.param('id'), 'Discrepancy not found.')))) throw notFound('Discrepancy not found.');
    return c.json({ message: 'Discrepancy removed.' });
  });
}
