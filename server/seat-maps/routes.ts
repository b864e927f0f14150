import { Hono } from 'hono';
import * as v from 'valibot';
import { SeatMapOfferId, type SeatMapsResponse } from '../../contract/seat-maps';
import type { AppEnv } from '../context';
import { validationError } from '../http/errors';
import { offerSeatMaps } from './service';

/** Seat maps: whoever may read an offer may read its seat maps, priced the same for every channel. */
export function seatMapRoutes() {
  const r = new Hono<AppEnv>();

  // GET /offers/{offer_id}/seat-map — one map per flight segment; 404 unknown, 410 expired, 422 not an offer id.
  r.get('/offers/:offer_id/seat-map', async (c) => {
    const id = v.safeParse(SeatMapOfferId, c.req.param('offer_id'));
    if (!id.success) throw validationError({ offer_id: [id.issues[0].message] });
    const body: SeatMapsResponse = { data: await offerSeatMaps(c.get('ctx'), id.output, c.get('user')) };
    return c.json(body);
  });

  return r;
}
