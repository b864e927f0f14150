import { Hono } from 'hono';
import type { AppEnv } from '../context';
import type { ItemResponse } from '../../contract/http';
import type { MachineCoverageFile } from '../../contract/machine-coverage';
import { requirePermission } from '../http/guards';
import { machineCoverageFile, readMachineCoverage } from './file';

/** GET /machine-coverage: what the machine tests reach, for the statechart explorer (flows.view); null when not run. */
export function machineCoverageRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/machine-coverage', requirePermission('flows.view'), async (c) => {
    const data = await readMachineCoverage(machineCoverageFile(c.get('ctx').config.machineCoverageFile));
    c.header('cache-control', 'no-store');
    return c.json({ data } satisfies ItemResponse<MachineCoverageFile | null>);
  });
  return r;
}
