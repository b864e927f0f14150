/** Demo departures: a few dates for every demo holiday and umrah package (umrah's own date first). */
import '../catalogue/seed'; // the catalogue's seeder registers first, so its packages exist when this one runs
import { addDays, todayInZone } from '../../contract/flights';
import { seeders } from '../db/seed';
import { holidays, packageDepartures, umrahPackages } from '../db/schema';

seeders.push(async (ctx) => {
  const today = todayInZone('Asia/Karachi');
  const umrah = await ctx.db.select({ id: umrahPackages.id, date: umrahPackages.departureDate }).from(umrahPackages);
  const hols = await ctx.db.select({ id: holidays.id }).from(holidays);
  const rows = [
    ...umrah.flatMap((u, i) => [u.date ?? addDays(today, 25), addDays(today, 60 + i * 7), addDays(today, 95 + i * 7)]
      .map((d, k) => ({ packageKind: 'umrah' as const, packageId: u.id, departureDate: d, seatsTotal: 40, seatsAvailable: k === 0 ? 40 : 12 + k * 4 }))),
    ...hols.flatMap((h, i) => [addDays(today, 21 + i * 3), addDays(today, 45 + i * 3), addDays(today, 80 + i * 3)]
      .map((d, k) => ({ packageKind: 'holiday' as const, packageId: h.id, departureDate: d, seatsTotal: 20, seatsAvailable: k === 1 ? 6 : 20 }))),
  ];
  // The migration already turned umrah's single dates into departures on an existing database; never twice.
  if (rows.length) await ctx.db.insert(packageDepartures).values(rows).onConflictDoNothing();
});
