/**
 * What a reading asks the agent to look at: flights whose status holds no seat or changed, airports and airlines
 * Safar does not know (a warning on that flight, not a refusal of the display), seat counts that differ from the
 * travellers, flights out of order; and the two things without which there is nothing to import.
 */
import { ISSUES } from './issues';
import type { DisplayReading, ReadOptions } from './types';

export function checkReading(out: DisplayReading, opts: ReadOptions) {
  const seated = out.passengers.filter((p) => p.type !== 'INF' || p.ptc === 'INS').length + out.passengers.filter((p) => p.extra_seat).length;
  out.segments.forEach((s, i) => {
    const route = `${s.flight_number} ${s.origin}-${s.destination}`;
    if (s.change) out.warnings.push(ISSUES.status(s.line, route, s.status, s.change));
    for (const code of [s.origin, s.destination]) {
      if (opts.isAirport && !opts.isAirport(code)) out.warnings.push(ISSUES.unknownAirport(s.line, route, code));
    }
    if (opts.isAirline && !opts.isAirline(s.airline)) out.warnings.push(ISSUES.unknownAirline(s.line, route, s.airline));
    if (s.confirmed && seated && s.seats && s.seats !== seated) out.warnings.push(ISSUES.seats(s.line, route, s.seats, seated));
    if (s.origin === s.destination) out.warnings.push(ISSUES.sameAirport(s.line, route));
    const prev = out.segments.slice(0, i).filter((x) => x.confirmed).pop();
    if (s.confirmed && prev && s.date < prev.date) out.warnings.push(ISSUES.order(s.line, route));
  });
  if (!out.passengers.length) out.errors.push(ISSUES.noPassengers());
  if (!out.segments.some((s) => s.confirmed)) out.errors.push(ISSUES.noSegments());
}
