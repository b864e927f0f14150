import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { MAX_AMOUNT_MINOR, parseMinor, toMoney } from '../../contract/money';
import type { AppEnv } from '../context';
import { currentUser, requireAuth, requirePermission } from '../http/guards';
import { body } from '../http/validate';
import { getBookingSettings, isValidTimeZone, saveBookingSettings, type BookingSettings } from './settings';

const SettingsInput = v.object({
  mode: v.picklist(['online', 'offline'], 'Choose online or offline.'),
  void_charge: v.optional(v.pipe(
    v.union([v.string(), v.number(), v.object({ amount: v.string(), currency: v.string() })], 'Enter the void charge such as 2500.00.'),
    v.transform((x) => parseMinor(typeof x === 'object' ? x.amount : String(x))),
    v.check((n) => n !== null && n >= 0 && n <= MAX_AMOUNT_MINOR, 'Enter the void charge such as 2500.00.'),
  )),
  time_zone: v.optional(v.pipe(v.string(), v.trim(), v.check(isValidTimeZone, 'Unknown time zone.'))),
});

const wire = (s: BookingSettings) => ({
  mode: s.mode,
  /** The spec's booking status setting: 1 online (supplier), 0 offline (local PNR, staff ticket by hand). */
  status: s.mode === 'online' ? 1 : 0,
  void_charge: toMoney(s.voidChargeMinor, s.currency),
  time_zone: s.timeZone,
  updated_at: s.updatedAt?.toISOString() ?? null,
});

export function bookingSettingsRoutes() {
  const r = new Hono<AppEnv>();
  /** Everyone signed in may read it (the booking screens say when tickets are issued by hand). */
  r.get('/get-booking-status-settings', requireAuth, async (c) => {
    return c.json({ data: wire(await getBookingSettings(c.get('ctx').db)) });
  });
  const update = async (c: Context<AppEnv>) => {
    const ctx = c.get('ctx');
    const input = await body(c, SettingsInput);
    const now = await getBookingSettings(ctx.db);
    const saved = await saveBookingSettings(ctx.db, { mode: input.mode, voidChargeMinor: input.void_charge ?? now.voidChargeMinor, timeZone: input.time_zone ?? now.timeZone }, currentUser(c).id, ctx.now());
    return c.json({ message: 'Booking Status updated successfully', data: wire(saved) });
  };
  r.post('/update-booking-status-settings', requirePermission('settings.manage'), update);
  r.put('/booking-status-settings', requirePermission('settings.manage'), update);
  return r;
}
