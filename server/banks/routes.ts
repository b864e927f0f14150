import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context';
import { can } from '../../contract/permissions';
import { BankInput } from '../../contract/deposits';
import { approvedAgent, currentUser, requireOneOf, requirePermission, withPermission } from '../http/guards';
import { idOf, idParam, meta, pageQuery } from '../agents/common';
import { bodyWithFile, type FormFile } from '../uploads/form-body';

/** A bank's logo may come as a file in the save's form. */
const logo: FormFile = { field: 'logo_file', purpose: 'logo', imagesOnly: true };
import { createBank, deleteBank, getBank, listBanks, updateBank } from './service';

export { toApiBank } from './service';

/** Banks agents deposit into. Staff with banks.manage maintain them; approved agents read the active ones. */
export function bankRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: Context<AppEnv>) => c.get('ctx').db;

  r.get('/banks', requireOneOf(withPermission('banks.manage', 'deposits.manage'), approvedAgent), async (c) => {
    const user = currentUser(c);
    const staff = can(user.role, 'banks.manage') || can(user.role, 'deposits.manage');
    const q = pageQuery(c, {});
    const { rows, total } = await listBanks(db(c), { ...q, activeOnly: !staff });
    return c.json({ data: rows, meta: meta(q, total) });
  });

  r.get('/banks/:id', requirePermission('banks.manage'), async (c) => c.json({ data: await getBank(db(c), idParam(c, 'Bank not found.')) }));

  r.post('/banks', requirePermission('banks.manage'), async (c) => {
    const data = await createBank(db(c), await bodyWithFile(c, BankInput, logo));
    return c.json({ message: 'Bank saved successfully', data }, 201);
  });

  const update = async (c: Context<AppEnv>) => {
    const id = await idOf(c, 'Bank not found.');
    const data = await updateBank(db(c), id, await bodyWithFile(c, BankInput, logo), c.get('ctx').now());
    return c.json({ message: 'Bank saved successfully', data });
  };
  r.put('/banks/:id', requirePermission('banks.manage'), update);
  r.put('/banks', requirePermission('banks.manage'), update);

  const remove = async (c: Context<AppEnv>) => {
    const id = await idOf(c, 'Bank not found.');
    await deleteBank(db(c), id);
    return c.json({ message: 'Bank deleted successfully', data: { id } });
  };
  r.delete('/banks/:id', requirePermission('banks.manage'), remove);
  r.delete('/banks', requirePermission('banks.manage'), remove);

  return r;
}
