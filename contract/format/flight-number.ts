/**
 * A flight number as people write it: the airline's code once, a space, the number ("9P 135", "PK 301"). Suppliers
 * send the number with the code ("9P135"), with a space ("9P 135") or without it ("135"); a document that put the
 * airline's code before it again printed "9P 9P135".
 */
export function flightNumberText(airlineCode: string, flightNumber: string): string {
  const code = airlineCode.trim().toUpperCase();
  const n = flightNumber.trim().toUpperCase();
  const rest = code && n.startsWith(code) ? n.slice(code.length).trim() : n;
  if (code && /^\d/.test(rest)) return `${code} ${rest}`;
  // Another carrier's designator, or no code given: split it where the number starts ("EK600" → "EK 600").
  const own = /^([A-Z0-9]{2}[A-Z]?)\s*(\d{1,4}[A-Z]?)$/.exec(n);
  return own ? `${own[1]} ${own[2]}` : n;
}
