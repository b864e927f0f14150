import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context';
import { can } from '../../contract/permissions';
import { idFilter } from '../../contract/ids';
import { M } from '../../contract/fields';
import { TravellerInput, travellerDateErrors } from '../../contract/travellers';
import { validationError } from '../http/errors';
import { approvedAgent, currentUser, requireOneOf, withPermission } from '../http/guards';
import { jsonBody, parse } from '../http/validate';
import { idFrom, idOf, idParam, meta, pageQuery, requireAgentUser, todayOf } from '../agents/common';
import { createTraveller, deleteTraveller, listTravellers, toApiTraveller, updateTraveller, visibleTraveller, type Keeper } from './service';

export { toApiTraveller } from './service';

/** GET /get-travellers's filters besides the paging (an agent may name only itself as agent_id). */
export const TravellerListFilters = {
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  type: v.optional(v.picklist(['ADT', 'CNN', 'INF', ''], M.travellerType)),
  agent_id: idFilter(M.agent),
};

/** Approved agents manage their own travellers; staff with travellers.manage manage any agent's. */
const travellerKeepers = requireOneOf(withPermission('travellers.manage'), approvedAgent);
function who(c: Context<AppEnv>): Keeper {
  const user = currentUser(c);
  return { userId: user.id, staff: can(user.role, 'travellers.manage') };
}

/** The traveller's fields, then its dates against today (a passport that expired, a birth date to come). */
async function readInput(c: Context<AppEnv>) {
  const raw = (await jsonBody(c)) as Record<string, unknown>;
  const input = parse(TravellerInput, raw);
  const dateErrors = travellerDateErrors(input, todayOf(c));
  if (Object.keys(dateErrors).length) throw validationError(Object.fromEntries(Object.entries(dateErrors).map(([k, m]) => [k, [m]])));
  return { input, raw };
}

export function travellerRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: Context<AppEnv>) => c.get('ctx').db;

  r.get('/get-travellers', travellerKeepers, async (c) => {
    const q = pageQuery(c, TravellerListFilters);
    const { data, total } = await listTravellers(db(c), who(c), q);
    return c.json({ data, meta: meta(q, total) });
  });

  r.get('/get-travellers/:id', travellerKeepers, async (c) =>
    c.json({ data: toApiTraveller(await visibleTraveller(db(c), who(c), idParam(c, 'Traveller not found.'))) }));

  r.post('/save-travellers', travellerKeepers, async (c) => {
    const keeper = who(c);
    const { input, raw } = await readInput(c);
    let agentId = keeper.userId;
    if (keeper.staff) {
      agentId = idFrom(String(raw.agent_id ?? ''), 'Agent not found.');
      await requireAgentUser(db(c), agentId);
    }
    const data = await createTraveller(db(c), agentId, input, c.get('ctx').now());
    return c.json({ message: 'Traveller saved successfully', data }, 201);
  });

  const update = async (c: Context<AppEnv>) => {
    const t = await visibleTraveller(db(c), who(c), await idOf(c, 'Traveller not found.'));
    const { input } = await readInput(c);
    const data = await updateTraveller(db(c), t.id, input, c.get('ctx').now());
    return c.json({ message: 'Traveller saved successfully', data });
  };
  r.put('/update-travellers', travellerKeepers, update);
  r.put('/update-travellers/:id', travellerKeepers, update);

  const remove = async (c: Context<AppEnv>) => {
    const t = await visibleTraveller(db(c), who(c), await idOf(c, 'Traveller not found.'));
    await deleteTraveller(db(c), t.id);
    return c.json({ message: 'Traveller deleted successfully', data: { id: t.id } });
  };
  r.delete('/delete-travellers', travellerKeepers, remove);
  r.delete('/delete-travellers/:id', travellerKeepers, remove);

  return r;
}
