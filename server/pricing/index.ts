/**
 * Every price in the product goes through here:
 * - margins.ts: the rules, pure (supplier base fare → airline margin → customer or agent margin, per passenger);
 * - settings.ts: the margin settings from the database, as the PricingContext the rules take (kept a moment);
 * - booking.ts: a booking's own amounts (the agent's markup, what a direct booking costs, what a void keeps);
 * - hotels.ts: a hotel room night's price (hotel margin, then the channel margin);
 * - currency.ts: a supplier's amount in another currency as PKR, by the exchange rates staff keep;
 * - seats.ts: a chosen seat's price, by cabin and row;
 * - bags.ts: a checked bag's price, by weight, flight length and cabin;
 * - supplier-extras.ts: a remote supplier's seat or bag in PKR, at its offer's rate.
 * Amounts are integer minor units throughout; contract/money.ts turns them into the API's decimal strings.
 */
export * from './margins';
export * from './settings';
export * from './booking';
export * from './hotels';
export * from './currency';
export * from './seats';
export * from './bags';
export * from './supplier-extras';
