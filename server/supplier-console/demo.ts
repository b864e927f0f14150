/**
 * The demo's PNRs booked outside Safar (Pakistani and Gulf routes), with fixed locators so start-up can print
 * them beside the demo accounts before they exist: a person trying the product has a locator to type. Days are
 * counted from the day they are seeded; birth days too, so the child and the infant keep their ages.
 */
import type { ExternalPnrInput } from '../../contract/pnr-console';

export interface DemoPnr {
  pnr: string;
  /** The demo account it was booked for (null: an agency without an account here, staff import it). */
  agentEmail: string | null;
  agency: string;
  origin: string;
  destination: string;
  inDays: number;
  returnInDays: number | null;
  cabin: ExternalPnrInput['cabin'];
  passengers: (Omit<ExternalPnrInput['passengers'][number], 'dob'> & { born: string | { daysAgo: number } })[];
}

const adult = (title: 'Mr' | 'Mrs' | 'Ms', first_name: string, last_name: string, born: string, passport: string, nationality = 'PK') =>
  ({ type: 'ADT' as const, title, first_name, last_name, born, passport, nationality });

export const DEMO_EXTERNAL_PNRS: DemoPnr[] = [
  { pnr: 'Q7M4KD', agentEmail: 'agent@demo.safar', agency: '', origin: 'KHI', destination: 'DXB', inDays: 16, returnInDays: null, cabin: 'Y',
    passengers: [adult('Mr', 'Imran', 'Sheikh', '1984-04-12', 'AK7341902')] },
  { pnr: 'H3RZ8P', agentEmail: 'agent@demo.safar', agency: '', origin: 'LHE', destination: 'JED', inDays: 24, returnInDays: 38, cabin: 'Y',
    passengers: [
      adult('Mr', 'Tariq', 'Mehmood', '1978-02-05', 'BM4410736'), adult('Mrs', 'Rabia', 'Tariq', '1982-09-17', 'BM4410737'),
      { type: 'CNN', title: 'Mstr', first_name: 'Hamza', last_name: 'Tariq', born: { daysAgo: 8 * 365 + 40 }, passport: 'BM4410738', nationality: 'PK' },
      { type: 'INF', title: 'Miss', first_name: 'Zoya', last_name: 'Tariq', born: { daysAgo: 300 }, passport: 'BM4410739', nationality: 'PK' },
    ] },
  { pnr: 'W9TB2F', agentEmail: 'agent@demo.safar', agency: '', origin: 'ISB', destination: 'DOH', inDays: 30, returnInDays: null, cabin: 'C',
    passengers: [adult('Mr', 'Faisal', 'Qureshi', '1975-12-01', 'CF9023514'), adult('Mrs', 'Amna', 'Faisal', '1980-03-22', 'CF9023515')] },
  { pnr: 'N6JX4C', agentEmail: null, agency: 'Al Noor Travel & Tours, Dubai', origin: 'DXB', destination: 'PEW', inDays: 19, returnInDays: null, cabin: 'Y',
    passengers: [adult('Mr', 'Gul', 'Khan', '1990-07-14', 'DK5588120'), adult('Mr', 'Sher', 'Ali', '1987-01-30', 'DK5588121')] },
  { pnr: 'R2VK7L', agentEmail: null, agency: 'Gulf Star Travels, Doha', origin: 'RUH', destination: 'MUX', inDays: 45, returnInDays: 59, cabin: 'Y',
    passengers: [adult('Mr', 'Naveed', 'Akhtar', '1992-05-09', 'EA3307741')] },
];

/** The start-up lines: which locator to type as whom. */
export function demoPnrLines(): string[] {
  const mine = DEMO_EXTERNAL_PNRS.filter((p) => p.agentEmail).map((p) => `${p.pnr} (${p.origin}-${p.destination})`);
  const staff = DEMO_EXTERNAL_PNRS.filter((p) => !p.agentEmail).map((p) => `${p.pnr} (${p.origin}-${p.destination})`);
  return [
    'PNRs booked outside Safar, to import by record locator:',
    `  as agent@demo.safar (Import my PNR): ${mine.join(', ')}`,
    `  as staff (Import PNR, for any agent): ${staff.join(', ')}`,
  ];
}
