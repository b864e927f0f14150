/**
 * Every write's happy path: scenarios that run each write of the document with a valid input as a demo account
 * its x-roles admit, in an order where earlier calls make what later ones need, and undo what they made where the
 * API allows (each file says what stays). Every name and reference they create starts with CONFORMANCE. Then every
 * write no scenario ran is a failure, but for the few no partner can run (SKIPPED).
 */
import type { Caller, Who } from '../callers';
import type { Operation, Outcome } from '../checks';
import type { Schema } from '../schema-check';
import { Happy } from './runner';
import { airlines, airports, uploads } from './reference';
import { catalogueResources, headerImages, insuranceQuote, promoImages } from './catalogue';
import { agencyAccount, customerAccount } from './auth';
import { backOfficeUsers } from './users';
import { banks, chargesAndTransactions, deposits, travellers } from './ledger';
import { bookingSettings, margins } from './settings';
import { flightBookings } from './flights';
import { scheduleChanges } from './schedule-changes';
import { directBookings, importedPnr, quotation } from './direct';
import { hotelStay, insurancePolicy, visaApplications } from './products';
import { packages } from './packages';
import { enquiry, priceAlert, supportSession } from './back-office';
import { reconciliation } from './reconciliation';
import { fundWallet, restoreWallet, walletBalance } from './wallet';

const signedByProvider = 'the provider signs it with a secret only the provider and this server hold';

/** The writes no partner can run against a server with only the demo accounts, each with the reason. */
export const SKIPPED: Record<string, string> = {
  'POST /api/payments/callback': 'the embedded payment sandbox signs its callback with a key derived from the server\'s APP_KEY, and delivers it in-process',
  'POST /api/payments/safepay/return': signedByProvider,
  'POST /api/payments/jazzcash/return': signedByProvider,
  'POST /api/webhooks/safepay': signedByProvider,
  'POST /api/webhooks/duffel': signedByProvider,
};

type Scenario = [string, (h: Happy, agentId: number) => Promise<void>];

const SCENARIOS: Scenario[] = [
  ['airports', airports], ['airlines', airlines], ['uploads', uploads],
  ['the catalogue', catalogueResources], ['header images', headerImages], ['promo banners', promoImages], ['an insurance quote', insuranceQuote],
  ['a customer account', customerAccount], ['an agency account', agencyAccount], ['back-office users', backOfficeUsers],
  ['banks', banks], ['deposits', deposits], ['charges and transactions', chargesAndTransactions], ['travellers', travellers],
  ['margins and rates', margins], ['booking settings', bookingSettings],
  ['flight bookings', flightBookings], ['a schedule change', scheduleChanges],
  ['direct bookings', directBookings], ['an imported PNR', importedPnr], ['a quotation', quotation],
  ['a hotel stay', hotelStay], ['an insurance policy', insurancePolicy], ['visa applications', visaApplications],
  ['packages', packages],
  ['an enquiry', enquiry], ['a support session', supportSession], ['a price alert', priceAlert], ['reconciliation', reconciliation],
];

export async function happyPaths(doc: Schema, ops: Operation[], callers: Record<Who, Caller>, fresh: () => Caller): Promise<Outcome[]> {
  const h = new Happy(doc, new Map(ops.map((o) => [o.key, o])), callers, fresh);
  // The demo agent pays for the run's bookings from a float credited first; its balance is put back at the end.
  const wallet = await walletBalance(h);
  await fundWallet(h, wallet.agent_id);
  try {
    for (const [name, steps] of SCENARIOS) await h.scenario(name, () => steps(h, wallet.agent_id));
  } finally {
    await h.scenario('the demo agent\'s wallet', () => restoreWallet(h, wallet));
  }
  h.coverage(SKIPPED);
  return h.outcomes;
}
