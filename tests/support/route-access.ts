/**
 * Who may call each route, written from the role rules (who may read, book, pay and change what) and the
 * permission table (contract/permissions), not from the server's guards: the authorization test computes every
 * identity's expected outcome from these rules and compares it with what the server answers. A route the server
 * adds without an entry here fails it.
 */
import type { Role } from '../../contract/auth';
import { can, type Permission } from '../../contract/permissions';
import type { Identity } from './api';

const ROLE: Record<Identity, Role | null> = {
  anonymous: null, customer: 'customer', unapprovedAgent: 'agent', agent: 'agent', accounts: 'accounts', reservation: 'reservation', analyst: 'analyst', admin: 'admin',
};

export interface Rule { label: string; allows: (who: Identity) => boolean }
const rule = (label: string, allows: (who: Identity) => boolean): Rule => ({ label, allows });

export const PUBLIC = rule('public', () => true);
export const SIGNED_IN = rule('any signed-in user', (who) => ROLE[who] !== null);
export const GUEST = rule('guest', (who) => ROLE[who] === null);
export const CUSTOMER = rule('customer', (who) => ROLE[who] === 'customer');
/** Any agent, approved or not: a pending agent may still complete its profile. */
export const ANY_AGENT = rule('agent (any)', (who) => ROLE[who] === 'agent');
/** Verified and approved: the agent area proper. */
export const APPROVED_AGENT = rule('approved agent', (who) => who === 'agent');
export const perm = (...perms: Permission[]) => rule(`permission ${perms.join(' | ')}`, (who) => perms.some((p) => can(ROLE[who], p)));
export const or = (...rules: Rule[]) => rule(rules.map((r) => r.label).join(' or '), (who) => rules.some((r) => r.allows(who)));

const catalogue = perm('catalogue.manage');
/** A catalogue resource from server/catalogue/crud: public (or staff-only) reads, catalogue.manage writes. */
function crud(path: string, read: Rule): Record<string, Rule> {
  return {
    [`GET /api/${path}`]: read, [`GET /api/${path}/:id`]: read, [`POST /api/${path}`]: catalogue,
    [`PUT /api/${path}/:id`]: catalogue, [`PATCH /api/${path}/:id`]: catalogue, [`DELETE /api/${path}/:id`]: catalogue,
    [`PUT /api/${path}`]: catalogue, [`PATCH /api/${path}`]: catalogue, [`DELETE /api/${path}`]: catalogue,
  };
}
const headerImages = (kind: string) => ({ [`GET /api/${kind}-header-images`]: PUBLIC, [`POST /api/${kind}-header-images`]: catalogue, [`DELETE /api/${kind}-header-images/:id`]: catalogue, [`DELETE /api/${kind}-header-images`]: catalogue });

const users = perm('users.manage');
/** Reading users, ledgers and leads: the analyst too; changing them stays with the manage permissions. */
const userReaders = perm('users.manage', 'users.read');
const ledgerReaders = perm('ledger.manage', 'ledger.read');
const deposits = perm('deposits.manage');
/** Reading deposits: read or manage; deciding them stays with deposits.manage. */
const depositReaders = perm('deposits.read', 'deposits.manage');
const ledger = perm('ledger.manage');
const margins = perm('margins.manage');
const travellers = or(perm('travellers.manage'), APPROVED_AGENT);
const bookingReaders = perm('bookings.read');
const bookingOwners = or(perm('bookings.manage'), CUSTOMER, APPROVED_AGENT);

export const ROUTE_ACCESS: Record<string, Rule> = {
  'GET /sanctum/csrf-cookie': PUBLIC, 'GET /api/sanctum/csrf-cookie': PUBLIC,
  // the API's OpenAPI document and its reference page (with the page's script and style)
  'GET /api/openapi.json': PUBLIC, 'GET /api/docs': PUBLIC, 'GET /api/docs/:file': PUBLIC,
  // auth
  'POST /api/login': PUBLIC, 'POST /api/register': PUBLIC, 'POST /api/agents': PUBLIC, 'GET /api/user': PUBLIC, 'POST /api/logout': PUBLIC,
  'POST /api/forgot-password': PUBLIC, 'POST /api/reset-password': PUBLIC, 'POST /api/email/verify': PUBLIC,
  'POST /api/email/verification-notification': SIGNED_IN,
  // notifications: every signed-in user, their own only
  'GET /api/notifications': SIGNED_IN, 'GET /api/notifications/unread-count': SIGNED_IN,
  'POST /api/notifications/read-all': SIGNED_IN, 'POST /api/notifications/:id/read': SIGNED_IN,
  // reference data, airlines, airports, flights
  'GET /api/airports': PUBLIC, 'GET /api/countries': PUBLIC, 'GET /api/cities': PUBLIC, 'GET /api/airlines': PUBLIC, 'GET /api/airlines/:code': PUBLIC,
  'POST /api/airlines': perm('catalogue.manage', 'margins.manage'), 'PUT /api/airlines/:code': perm('catalogue.manage', 'margins.manage'),
  'GET /api/admin/airports': catalogue, 'GET /api/admin/airports/:code': catalogue, 'POST /api/airports': catalogue,
  'PUT /api/airports/:code': catalogue, 'DELETE /api/airports/:code': catalogue,
  'GET /api/flights': PUBLIC, 'GET /api/flight/:id/:supplier/:sooper': PUBLIC,
  'GET /api/offers/:offer_id/seat-map': PUBLIC,
  // seats and bags: an offer's bag options are public; a booking's maps its reader's (a guest with the contact email);
  // extras after booking are bought by the booking's owner
  'GET /api/offers/:offer_id/services': PUBLIC, 'GET /api/bookings/flight/:pnr/seat-map': PUBLIC, 'GET /api/bookings/flight/:pnr/services': PUBLIC,
  'POST /api/bookings/flight/:pnr/extras': or(CUSTOMER, APPROVED_AGENT),
  'GET /api/flights/calendar': PUBLIC, 'GET /api/flights/calendar/grid': PUBLIC,
  // price alerts: customers and approved agents watch searches, their own only; the mail's signed link needs no session
  'POST /api/price-alerts': or(CUSTOMER, APPROVED_AGENT), 'GET /api/price-alerts': or(CUSTOMER, APPROVED_AGENT),
  'DELETE /api/price-alerts/:id': or(CUSTOMER, APPROVED_AGENT), 'GET /api/price-alerts/unsubscribe': PUBLIC,
  // airline schedule changes: the console changes a flight (pnr.import); a booking's owner or staff read its changes,
  // the owner (or staff who manage bookings) answers them; the worklist is staff's (bookings.manage), an owner's own list
  'POST /api/supplier-console/flight-changes': perm('pnr.import'), 'GET /api/schedule-changes': or(CUSTOMER, APPROVED_AGENT, perm('bookings.manage')),
  'GET /api/bookings/flight/:pnr/schedule-changes': or(CUSTOMER, APPROVED_AGENT, perm('bookings.read')),
  'GET /api/bookings/flight/:pnr/schedule-changes/:id/options': or(CUSTOMER, APPROVED_AGENT, perm('bookings.read')),
  'POST /api/bookings/flight/:pnr/schedule-changes/:id/accept': or(CUSTOMER, APPROVED_AGENT, perm('bookings.manage')),
  'POST /api/bookings/flight/:pnr/schedule-changes/:id/rebook': or(CUSTOMER, APPROVED_AGENT, perm('bookings.manage')),
  'POST /api/bookings/flight/:pnr/schedule-changes/:id/refund': or(CUSTOMER, APPROVED_AGENT, perm('bookings.manage')),
  'POST /api/bookings/flight/:pnr/schedule-changes/:id/cancel': or(CUSTOMER, APPROVED_AGENT, perm('bookings.manage')),
  // ticketing queues: staff who read bookings see every booking's; an approved agent its own
  'GET /api/queues': or(perm('bookings.read'), APPROVED_AGENT), 'GET /api/queues/:queue': or(perm('bookings.read'), APPROVED_AGENT),
  // files
  'GET /api/uploads': SIGNED_IN, 'POST /api/uploads': rule('any signed-in user but the read-only analyst', (who) => ROLE[who] !== null && who !== 'analyst'), 'DELETE /api/uploads/:file_name': SIGNED_IN, 'GET /api/files/:file_name': PUBLIC,
  // catalogue
  ...crud('visas', PUBLIC), ...crud('holidays', PUBLIC), ...crud('umrah-packages', PUBLIC), ...crud('group-tickets', PUBLIC),
  ...crud('insurance-plans', PUBLIC), ...crud('aircrafts', catalogue), ...crud('suppliers', catalogue),
  ...headerImages('visa'), ...headerImages('holiday'), ...headerImages('umrah'),
  'GET /api/get-promo-images': PUBLIC, 'POST /api/save-promo-image': catalogue, 'DELETE /api/delete-promo-image': catalogue, 'DELETE /api/delete-promo-image/:id': catalogue,
  'GET /api/insurance-quote': PUBLIC, 'POST /api/insurance-quote': PUBLIC,
  'POST /api/leads': PUBLIC, 'GET /api/leads': perm('leads.manage', 'leads.read'), 'PATCH /api/leads/:id': perm('leads.manage'), 'PUT /api/leads/:id': perm('leads.manage'),
  // users, staff, agent profiles
  'GET /api/users': userReaders, 'GET /api/users-summary': userReaders, 'GET /api/users/:id': userReaders, 'POST /api/users': users, 'POST /api/save-admin-agent': users,
  'POST /api/add-staff': users, 'POST /api/update-staff': users, 'PUT /api/update-status': users, 'PUT /api/update-status/:id': users,
  'DELETE /api/users': users, 'DELETE /api/users/:id': users,
  'GET /api/agent-options': perm('users.manage', 'users.read', 'deposits.manage', 'ledger.manage', 'ledger.read', 'margins.manage', 'travellers.manage'),
  'POST /api/update-agents-data': or(users, ANY_AGENT), 'GET /api/agentsData': or(users, ANY_AGENT), 'GET /api/agentsData/:id': or(users, ANY_AGENT),
  'POST /api/agent-profile': ANY_AGENT,
  // an agency's branch users and audit: its agency admins (an approved agent's own agency; a booker is refused in
  // the handler) and staff who read users; adding and deactivating, staff who manage users
  'GET /api/agents/:id/users': or(userReaders, APPROVED_AGENT), 'POST /api/agents/:id/users': or(users, APPROVED_AGENT),
  'PATCH /api/agents/:id/users/:userId': or(users, APPROVED_AGENT), 'GET /api/agents/:id/audit': or(userReaders, APPROVED_AGENT),
  // banks and deposits
  'GET /api/banks': or(perm('banks.manage', 'deposits.manage'), APPROVED_AGENT), 'GET /api/banks/:id': perm('banks.manage'),
  'POST /api/banks': perm('banks.manage'), 'PUT /api/banks': perm('banks.manage'), 'PUT /api/banks/:id': perm('banks.manage'),
  'DELETE /api/banks': perm('banks.manage'), 'DELETE /api/banks/:id': perm('banks.manage'),
  'POST /api/deposit-data': APPROVED_AGENT, 'GET /api/get-deposit-data': APPROVED_AGENT, 'GET /api/get-deposit-data/:id': APPROVED_AGENT,
  'DELETE /api/delete-deposit-data': APPROVED_AGENT, 'DELETE /api/delete-deposit-data/:id': APPROVED_AGENT,
  'GET /api/approved-deposits-total': or(depositReaders, APPROVED_AGENT), 'GET /api/approved-deposits-total/:id': or(depositReaders, APPROVED_AGENT),
  'GET /api/deposit-details': or(depositReaders, APPROVED_AGENT), 'GET /api/deposit-details/:id': or(depositReaders, APPROVED_AGENT),
  'GET /api/get-agents-deposits': depositReaders, 'PUT /api/update-deposit-status': deposits, 'PUT /api/update-deposit-status/:id': deposits,
  // wallet, ledger, charges, transactions, margins
  'GET /api/agent-statment': or(ledgerReaders, APPROVED_AGENT), 'GET /api/show-all-charges': or(ledgerReaders, APPROVED_AGENT),
  /** An agent's own balance even before approval (it is simply 0). */
  'GET /api/wallet-balance': or(perm('ledger.manage', 'deposits.manage'), ANY_AGENT),
  // credit lines: accounts and admin set them; ledger readers read them with their history
  'GET /api/agents/:id/credit': ledgerReaders, 'PUT /api/agents/:id/credit': ledger,
  'GET /api/agent-dashboard': APPROVED_AGENT,
  // the statechart explorer's test-coverage overlay
  'GET /api/machine-coverage': perm('flows.view'),
  // a booking's lifecycle trace: staff who read bookings, analysts among them; never the owner
  'GET /api/bookings/:kind/:reference/trace': bookingReaders,
  // support sessions: any signed-in user starts, relays and ends their own; the explorer's analysts join and follow
  'POST /api/support-sessions': SIGNED_IN, 'GET /api/support-sessions/mine': SIGNED_IN,
  'POST /api/support-sessions/mine/events': SIGNED_IN, 'POST /api/support-sessions/mine/end': SIGNED_IN,
  'POST /api/support-sessions/join': perm('flows.view'), 'GET /api/support-sessions/:id/events': perm('flows.view'),
  'POST /api/support-sessions/:id/end': perm('flows.view'),
  // the back-office home: any staff role (each has at least one section; server/dashboard/service.ts SECTION_RULES)
  'GET /api/back-office-dashboard': perm('deposits.manage', 'deposits.read', 'users.manage', 'users.read', 'bookings.manage', 'ledger.manage', 'ledger.read'), 'POST /api/save-agent-charges': ledger,
  'GET /api/transactions': ledgerReaders, 'GET /api/transactions/:id': ledgerReaders, 'POST /api/transactions': ledger, 'PUT /api/transactions': ledger, 'PUT /api/transactions/:id': ledger,
  'GET /api/get-customer-margin-values': margins, 'POST /api/save-customer-margin-values': margins, 'POST /api/save-agent-margin': margins,
  'GET /api/get-agent-margin': or(margins, ANY_AGENT),
  'GET /api/get-hotel-margin': margins, 'POST /api/save-hotel-margin': margins,
  'POST /api/webhooks/duffel': PUBLIC,
  'GET /api/exchange-rates': margins, 'PUT /api/exchange-rates/:currency': margins, 'GET /api/exchange-rate-changes': margins,
  // saved travellers
  'GET /api/get-travellers': travellers, 'GET /api/get-travellers/:id': travellers, 'POST /api/save-travellers': travellers,
  'PUT /api/update-travellers': travellers, 'PUT /api/update-travellers/:id': travellers, 'DELETE /api/delete-travellers': travellers, 'DELETE /api/delete-travellers/:id': travellers,
  // bookings: lists, details, actions, direct bookings, PNR import, quotations, settings
  'GET /api/get-bookings': or(bookingReaders, APPROVED_AGENT), 'GET /api/get-customer-bookings': or(bookingReaders, CUSTOMER),
  'GET /api/get-admin-bookings': or(bookingReaders, APPROVED_AGENT), 'GET /api/get-admin-booking': or(bookingReaders, APPROVED_AGENT),
  'GET /api/get-booking-ops-details': or(bookingReaders, CUSTOMER, APPROVED_AGENT),
  'POST /api/cancel-pnr': bookingOwners, 'POST /api/confirm-pnr': bookingOwners, 'POST /api/void-booking': bookingOwners,
  'POST /api/approve-booking': perm('bookings.manage'), 'POST /api/update-booking': perm('bookings.manage'),
  // refunds after the void window: the quote (owner or readers), the owner's request, staff's decision
  'GET /api/bookings/:id/refund-quote': or(bookingReaders, CUSTOMER, APPROVED_AGENT), 'POST /api/bookings/:id/request-refund': bookingOwners,
  'POST /api/bookings/:id/refund': perm('bookings.manage'), 'POST /api/bookings/:id/reject-refund': perm('bookings.manage'),
  // reissue (date change): the quote (owner or readers), the confirm (owner, or staff for an agent's booking)
  'GET /api/bookings/:id/reissue-quote': or(bookingReaders, CUSTOMER, APPROVED_AGENT), 'POST /api/bookings/:id/reissue': or(perm('bookings.manage'), CUSTOMER, APPROVED_AGENT),
  'POST /api/admin-booking': perm('bookings.manage', 'pnr.import'), 'GET /api/booking-agents': perm('pnr.import', 'bookings.read'),
  'GET /api/get-pnr-details': or(perm('pnr.import', 'bookings.read'), APPROVED_AGENT), 'POST /api/parse-pnr': or(perm('pnr.import'), APPROVED_AGENT),
  'POST /api/import-pnr': or(perm('pnr.import', 'bookings.manage'), APPROVED_AGENT), 'POST /api/import-pnr/:id/ticket': APPROVED_AGENT,
  // the embedded supplier's console: its PNRs booked through other channels (staff who import PNRs)
  'GET /api/supplier-console/pnrs': perm('pnr.import'), 'POST /api/supplier-console/pnrs': perm('pnr.import'),
  // the embedded supplier's statement (console staff and accountants; the analyst reads) and its injected discrepancies
  'GET /api/supplier-console/statement': perm('pnr.import', 'ledger.manage', 'ledger.read'),
  'GET /api/supplier-console/statement/discrepancies': perm('pnr.import', 'ledger.manage', 'ledger.read'),
  'POST /api/supplier-console/statement/discrepancies': perm('pnr.import', 'ledger.manage'),
  'DELETE /api/supplier-console/statement/discrepancies/:id': perm('pnr.import', 'ledger.manage'),
  // reconciliation of supplier statements: accounts reconcile, the analyst reads, reservation neither
  'GET /api/reconciliation/statements': ledgerReaders, 'POST /api/reconciliation/statements': ledger,
  'GET /api/reconciliation/statements/:id': ledgerReaders, 'GET /api/reconciliation/statements/:id/export/:kind': ledgerReaders,
  'POST /api/reconciliation/statements/:id/lines/:lineId/memo': ledger, 'POST /api/reconciliation/statements/:id/close': ledger,
  'GET /api/flight-quotation': or(perm('bookings.manage'), APPROVED_AGENT), 'POST /api/send-sooper-quote': or(perm('bookings.manage'), APPROVED_AGENT),
  /** The unguessable reference in the customer's email is the key. */
  'GET /api/quotes/:reference/print': PUBLIC,
  'GET /api/get-booking-status-settings': SIGNED_IN,
  'POST /api/update-booking-status-settings': perm('settings.manage'), 'PUT /api/booking-status-settings': perm('settings.manage'),
  /** Guests book without an account; staff enter direct bookings instead; a pending agent waits for approval. */
  'POST /api/bookings': or(GUEST, CUSTOMER, APPROVED_AGENT), 'POST /api': or(GUEST, CUSTOMER, APPROVED_AGENT),
  'GET /api/get-flight-booking-details': SIGNED_IN,
  /** A guest finds a booking by PNR and contact email. */
  'GET /api/get-customer-flight-booking-details': PUBLIC,
  // hotels: public search and pictures; guests, customers and approved agents book; a guest finds and cancels its
  // booking by reference and email; staff read every booking (bookings.read) and cancel (bookings.manage)
  'GET /api/hotel-destinations': PUBLIC, 'GET /api/hotels': PUBLIC, 'GET /api/hotels/:id': PUBLIC, 'GET /api/hotel-images/:file': PUBLIC,
  'POST /api/hotel-bookings': or(GUEST, CUSTOMER, APPROVED_AGENT),
  'GET /api/hotel-bookings': or(bookingReaders, CUSTOMER, APPROVED_AGENT),
  'GET /api/hotel-bookings/:id': or(GUEST, bookingReaders, CUSTOMER, APPROVED_AGENT),
  'POST /api/hotel-bookings/:id/cancel': or(GUEST, perm('bookings.manage'), CUSTOMER, APPROVED_AGENT),
  /** Paying again after a failed card: whoever booked (staff see bookings but do not pay them). */
  'POST /api/hotel-bookings/:id/checkout': or(GUEST, CUSTOMER, APPROVED_AGENT),
  // Documents: whoever may read the booking (a guest with reference and email; signed in, its owner or staff).
  'GET /api/bookings/:id/e-ticket.pdf': PUBLIC,
  'GET /api/bookings/:id/receipt.pdf': PUBLIC,
  'GET /api/bookings/:id/invoice.pdf': PUBLIC,
  'GET /api/bookings/:id/calendar.ics': PUBLIC,
  'GET /api/hotel-bookings/:id/voucher.pdf': or(GUEST, bookingReaders, CUSTOMER, APPROVED_AGENT),
  'GET /api/hotel-bookings/:id/receipt.pdf': or(GUEST, bookingReaders, CUSTOMER, APPROVED_AGENT),
  'GET /api/hotel-bookings/:id/invoice.pdf': or(GUEST, bookingReaders, CUSTOMER, APPROVED_AGENT),
  'GET /api/hotel-bookings/:id/calendar.ics': or(GUEST, bookingReaders, CUSTOMER, APPROVED_AGENT),
  'GET /api/featured-hotels': PUBLIC,
  // packages: public departures, staff keep them; guests, customers and approved agents book and pay; staff read
  // every booking (bookings.read), confirm and cancel (bookings.manage)
  'GET /api/package-departures': PUBLIC, 'POST /api/package-departures': catalogue, 'PUT /api/package-departures/:id': catalogue, 'DELETE /api/package-departures/:id': catalogue,
  'POST /api/package-bookings': or(GUEST, CUSTOMER, APPROVED_AGENT),
  'GET /api/package-bookings': or(bookingReaders, CUSTOMER, APPROVED_AGENT),
  'GET /api/package-bookings/:id': or(GUEST, bookingReaders, CUSTOMER, APPROVED_AGENT),
  'POST /api/package-bookings/:id/checkout': or(GUEST, CUSTOMER, APPROVED_AGENT),
  'POST /api/package-bookings/:id/confirm': perm('bookings.manage'), 'POST /api/package-bookings/:id/cancel': perm('bookings.manage'),
  // visa applications: signed-in customers and approved agents apply with their own uploads; the applicant (or,
  // signed out, reference and email) reads and pays; staff read (bookings.read) and move them (bookings.manage)
  'POST /api/visa-applications': or(CUSTOMER, APPROVED_AGENT),
  'GET /api/visa-applications': or(bookingReaders, CUSTOMER, APPROVED_AGENT),
  'GET /api/visa-applications/:id': or(GUEST, bookingReaders, CUSTOMER, APPROVED_AGENT),
  'POST /api/visa-applications/:id/checkout': or(GUEST, CUSTOMER, APPROVED_AGENT),
  'POST /api/visa-applications/:id/status': perm('bookings.manage'),
  'GET /api/visa-applications/:id/documents/:file': or(bookingReaders, CUSTOMER, APPROVED_AGENT),
  // insurance policies: guests, customers and approved agents buy and pay; owners, guests by number and email, and
  // staff who read bookings see them
  'POST /api/insurance-policies': or(GUEST, CUSTOMER, APPROVED_AGENT),
  'GET /api/insurance-policies': or(bookingReaders, CUSTOMER, APPROVED_AGENT),
  'GET /api/insurance-policies/:id': or(GUEST, bookingReaders, CUSTOMER, APPROVED_AGENT),
  'GET /api/insurance-policies/:id/policy.pdf': or(GUEST, bookingReaders, CUSTOMER, APPROVED_AGENT),
  'POST /api/insurance-policies/:id/checkout': or(GUEST, CUSTOMER, APPROVED_AGENT),
  // payments: a guest pays for its booking; the provider's callback is signed, not a session
  'GET /api/safepay-url': PUBLIC, 'POST /api/payments/callback': PUBLIC, 'GET /api/payment-result': PUBLIC, 'GET /api/payment-options': PUBLIC,
  // real providers' hosted checkouts: the customer's return and the provider's webhook are signed, not a session
  'POST /api/payments/safepay/return': PUBLIC, 'POST /api/payments/jazzcash/return': PUBLIC, 'GET /api/payments/safepay/cancel': PUBLIC,
  'POST /api/webhooks/safepay': PUBLIC, 'GET /api/payments/jazzcash/pay/:tracker': PUBLIC,
  'GET /sandbox/pay/:tracker': PUBLIC, 'POST /sandbox/pay/:tracker': PUBLIC,
  // development only (never mounted in production): the mail outbox
  'GET /api/dev/outbox': PUBLIC, 'POST /api/dev/jobs/:name': PUBLIC, 'GET /api/dev/ready': PUBLIC, 'GET /dev/mail': PUBLIC, 'GET /dev/mail/:id/attachments/:n': PUBLIC,
};
