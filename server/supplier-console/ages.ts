/**
 * A passenger's type follows the age on the last day of travel, as airlines price it: an adult is 12 or older,
 * a child 2 to 11, an infant under 2 (and born). Messages per field, as the form shows them.
 */
import type { ExternalPassenger } from '../../contract/pnr-console';

/** Whole years from `dob` to `day` (both YYYY-MM-DD). */
export function ageOn(dob: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(dob.slice(0, 4));
  return day.slice(5) < dob.slice(5) ? years - 1 : years;
}

const realDay = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

export function passengerAgeErrors(passengers: readonly Pick<ExternalPassenger, 'type' | 'dob'>[], lastDay: string, today: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  passengers.forEach((p, i) => {
    const key = `passengers.${i}.dob`;
    if (!realDay(p.dob) || p.dob > today) { errors[key] = ['Enter the date of birth.']; return; }
    const age = ageOn(p.dob, lastDay);
    if (p.type === 'ADT' && age < 12) errors[key] = ['An adult is 12 or older on the day of travel.'];
    if (p.type === 'CNN' && (age < 2 || age > 11)) errors[key] = ['A child is 2 to 11 on the day of travel.'];
    if (p.type === 'INF' && age > 1) errors[key] = ['An infant is under 2 on the day of travel.'];
  });
  return errors;
}
