import { Hono, type Context } from 'hono';
import { toMoney } from '../../contract/money';
import type { AppEnv } from '../context';
import { currentUser, requireAuth, requirePermission } from '../http/guards';
import { body } from '../http/validate';
import { bookingSettingsInput } from '../../contract/booking-ops';
import { getBookingSettings, isValidTimeZone, saveBookingSettings, type BookingSettings } from './settings';

export const SettingsInput = bookingSettingsInput(isValidTimeZone);

const wire = (s: BookingSettings) => ({
  mode: s.mode,
  /** The booking status setting: 1 online (supplier), 0 offline (local PNR, staff ticket by hand). */
  status: s.mode === 'online' ? 1 : 0,
  void_charge: toMoney(s.voidChargeMinor, s.currency),
  refund_charge: toMoney(s.refundChargeMinor, s.currency),
  reissue_charge: toMoney(s.reissueChargeMinor, s.currency),
  time_zone: s.timeZone,
  hold_minutes: s.holdMinutes,
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
    const saved = await saveBookingSettings(ctx.db, { mode: input.mode, voidChargeMinor: input.void_charge ?? now.voidChargeMinor, refundChargeMinor: input.refund_charge ?? now.refundChargeMinor, reissueChargeMinor: input.reissue_charge ?? now.reissueChargeMinor, timeZone: input.time_zone ?? now.timeZone, holdMinutes: input.hold_minutes ?? now.holdMinutes }, currentUser(c).id, ctx.now());
    return c.json({ message: 'Booking Status updated successfully', data: wire(saved) });
  };
  r.post('/update-booking-status-settings', requirePermission('settings.manage'), update);
  r.put('/booking-status-settings', requirePermission('settings.manage'), update);
  return r;
}
