/**
 * How a flight booking names its route, for the server's documents and the app's screens. It imports nothing, so the
 * screens that use it do not load the contract's schemas with it.
 */

/** The airports a multi-city trip names, in order: where its first journey leaves, then where each one lands. */
export const journeyAirports = (journeys: readonly { origin: string; destination: string }[]) => [journeys[0].origin, ...journeys.map((j) => j.destination)];

/** The airports a booking row names: each of a multi-city trip's (its multi_city_route), else origin and destination. */
export const routeAirports = (r: { origin: string; destination: string; multi_city_route?: string[] | null }): string[] => r.multi_city_route ?? [r.origin, r.destination];
