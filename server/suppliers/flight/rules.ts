/** The connection rules: what makes a sensible journey through the network. */
export const RULES = {
  maxStops: 2,
  /** No backtracking: a path may fly at most this much further than the great circle (factor, plus km). */
  detourFactor: 1.3,
  detourKm: 1000,
  maxLayoverMin: 12 * 60,
  /** Hard cap on a journey's elapsed time. */
  maxTripMin: 40 * 60,
  /** Two-stop paths are only looked for when fewer one-stop or direct ones exist. */
  twoStopBelow: 6,
  maxOneStopPaths: 20,
  maxTwoStopPaths: 12,
  /** Onward flights kept per arriving flight (the earliest that connect). */
  connectionsPerFlight: 2,
} as const;

export const detourLimitKm = (greatCircle: number) => RULES.detourFactor * greatCircle + RULES.detourKm;
