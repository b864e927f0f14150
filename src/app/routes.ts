import type { ComponentType } from 'react';
import type { User } from '../../contract/auth';
import { STAFF_ROLES } from '../../contract/roles';
import { guard, type Access } from '../../machines/guard';
import type { IconName } from '../ui/Icon';

/**
 * The route table: one row per screen. Later issues add a screen by adding a row (and a menu entry
 * by giving the row `menu`). The guard (machines/guard.ts) reads `access`; side menus are this table
 * filtered by the guard, so a role only sees what it may open.
 */

export type Layout = 'public' | 'auth' | 'agent' | 'admin';
/** Each area's side-menu sections, in the order they are listed (src/app/menu.ts). */
export const MENU_GROUPS = {
  admin: ['bookings', 'money', 'catalogue', 'people', 'settings', 'insight'],
  agent: ['bookings', 'money', 'agency'],
} as const;
export type MenuGroup = (typeof MENU_GROUPS)[keyof typeof MENU_GROUPS][number];
export type { ScreenProps } from './screen';
import type { ScreenProps } from './screen';
export type ScreenModule = { default: ComponentType<ScreenProps> };

interface RouteBase {
  /** wouter-style pattern: literal segments and `:param`. */
  path: string;
  layout: Layout;
  /** i18n key of the page title (document title, menu label). */
  title: string;
  access?: Access;
}
export interface ScreenRoute extends RouteBase {
  /** A dynamic import: every screen is its own lazily loaded chunk. */
  load: () => Promise<ScreenModule>;
  /**
   * Listed in the side menu of its layout; lower order first. `group` is the menu's section that holds it
   * (src/app/menu.ts); without one it stands above the sections, as the dashboards and the agent's searches do.
   */
  menu?: { icon: IconName; order: number; group?: MenuGroup };
  /**
   * GETs (path, query) the screen makes on mount: a first visit starts them beside the chunk (api/early.ts). A
   * list whose first card shows a picture names the item's picture fields, first found wins: that picture is
   * fetched as soon as the list arrives rather than once the screen has rendered it.
   */
  data?: [string, Record<string, string | number>?, string[]?][];
  /** A details page opened by a query parameter: without any of `params` it says to choose one from `list`. */
  detailOf?: { list: string; params: readonly string[] };
}
export interface RedirectRoute extends RouteBase {
  redirect: string;
}
export type RouteDef = ScreenRoute | RedirectRoute;

const STAFF = STAFF_ROLES;
const AGENT = ['agent'] as const;
const GUEST: Access = { guest: true };
const AIRLINES = ['catalogue.manage', 'margins.manage'] as const;
/** Top-up requests open to readers (analyst) and deciders (accounts); the decision buttons need deposits.manage. */
const DEPOSIT_READERS = ['deposits.read', 'deposits.manage'] as const;
/** Users, staff and other charges open to readers (analyst) too; their actions need the manage permissions. */
const USER_READERS = ['users.manage', 'users.read'] as const;
const LEDGER_READERS = ['ledger.manage', 'ledger.read'] as const;

export const ROUTES: RouteDef[] = [
  // Public layout: no login needed.
  { path: '/', layout: 'public', title: 'home.title', load: () => import('../features/public/Home') },
  { path: '/contact/us', layout: 'public', title: 'nav.contact', load: () => import('../features/public/Contact') },
  { path: '/about/us', layout: 'public', title: 'nav.aboutSafar', load: () => import('../features/public/About') },
  // Catalogue: public pages, no login needed.
  { path: '/visa', layout: 'public', title: 'visas.title', data: [['/visas', { per_page: 100 }, ['image_url', 'flag_url']], ['/visa-header-images', undefined, ['url']]], load: () => import('../features/public/catalogue/Visas') },
  { path: '/visa-details', layout: 'public', title: 'visas.detailsTitle', load: () => import('../features/public/catalogue/VisaDetails') },
  { path: '/holidays', layout: 'public', title: 'holidays.title', data: [['/holidays', { per_page: 100 }, ['image_url']], ['/holiday-header-images', undefined, ['url']]], load: () => import('../features/public/catalogue/Holidays') },
  { path: '/holiday-details', layout: 'public', title: 'holidays.detailsTitle', load: () => import('../features/public/catalogue/Holidays').then((m) => ({ default: m.HolidayDetails })) },
  { path: '/umra-packages', layout: 'public', title: 'umrah.title', data: [['/umrah-packages', { per_page: 100 }, ['image_url']], ['/umrah-header-images', undefined, ['url']]], load: () => import('../features/public/catalogue/Umrah') },
  { path: '/umrah-package-details', layout: 'public', title: 'umrah.detailsTitle', load: () => import('../features/public/catalogue/Umrah').then((m) => ({ default: m.UmrahDetails })) },
  { path: '/group-tickets-main', layout: 'public', title: 'groupTickets.title', load: () => import('../features/public/catalogue/GroupTickets') },
  { path: '/travel-insurance', layout: 'public', title: 'insurance.title', load: () => import('../features/public/catalogue/Insurance') },
  // Flights: search, results, offer, checkout, payment result and booking details; no login needed.
  { path: '/flight/search', layout: 'public', title: 'flights.results.title', load: () => import('../features/flights/Results') },
  { path: '/flight/details', layout: 'public', title: 'flights.details.title', load: () => import('../features/flights/FlightDetails') },
  { path: '/public-flight-details', layout: 'public', title: 'flights.details.title', load: () => import('../features/flights/FlightDetails') },
  { path: '/flight/checkout', layout: 'public', title: 'nav.checkout', load: () => import('../features/flights/Checkout') },
  { path: '/customer-flight-checkout', layout: 'public', title: 'nav.checkout', load: () => import('../features/flights/Checkout') },
  { path: '/payment-result', layout: 'public', title: 'payment.title', load: () => import('../features/flights/PaymentResult') },
  { path: '/booking', layout: 'public', title: 'booking.title', load: () => import('../features/flights/BookingDetails') },
  // Hotels: search and results, a hotel's rooms, checkout and voucher; no login needed.
  { path: '/hotel/search', layout: 'public', title: 'hotels.results.title', load: () => import('../features/hotels/Results') },
  { path: '/hotel/details', layout: 'public', title: 'hotels.details.title', load: () => import('../features/hotels/Details') },
  { path: '/hotel/checkout', layout: 'public', title: 'hotels.checkout.title', load: () => import('../features/hotels/Checkout') },
  { path: '/package/book', layout: 'public', title: 'nav.packageBookingsTitle', load: () => import('../features/package-bookings/BookPage') },
  { path: '/package-booking', layout: 'public', title: 'nav.packageBookingsBookingTitle', load: () => import('../features/package-bookings/BookingPage') },
  { path: '/hotel/booking', layout: 'public', title: 'hotels.voucher.title', load: () => import('../features/hotels/BookingPage') },
  // Visa applications: apply online (signed in), then follow the application (signed out: reference and email).
  { path: '/visa-apply', layout: 'public', title: 'nav.visaApplicationsTitle', load: () => import('../features/visa-applications/Apply') },
  { path: '/visa-application', layout: 'public', title: 'nav.visaApplicationsPageTitle', load: () => import('../features/visa-applications/ApplicationPage') },
  // My trips: a customer's flights and hotels; guests find a booking by reference and email.
  { path: '/my-trips', layout: 'public', title: 'nav.myTrips', access: { roles: ['customer'] }, load: () => import('../features/trips/MyTrips') },
  { path: '/find-booking', layout: 'public', title: 'nav.findBooking', load: () => import('../features/trips/FindBooking') },
  // Price alerts: a customer's watched searches in the account area; the mail's unsubscribe link needs no sign-in.
  { path: '/price-alerts', layout: 'public', title: 'priceAlerts.title', access: { roles: ['customer'] }, load: () => import('../features/price-alerts/PriceAlertsPage') },
  { path: '/price-alerts/unsubscribe', layout: 'public', title: 'priceAlerts.unsubscribe.title', load: () => import('../features/price-alerts/UnsubscribePage') },
  // Travel insurance bought online: from a plan's quote to the policy; guests, customers and agents (wallet).
  { path: '/travel-insurance/buy', layout: 'public', title: 'nav.insurancePolicyBuyTitle', load: () => import('../features/insurance/BuyPage') },
  { path: '/insurance/policy', layout: 'public', title: 'nav.insurancePolicyPageTitle', load: () => import('../features/insurance/PolicyPage') },

  // Auth layout.
  { path: '/auth/login', layout: 'auth', title: 'auth.login.title', access: GUEST, load: () => import('../features/auth/Login') },
  { path: '/auth/register', layout: 'auth', title: 'auth.register.title', access: GUEST, load: () => import('../features/auth/Register') },
  { path: '/auth/agent/register', layout: 'auth', title: 'auth.agentRegister.title', access: GUEST, load: () => import('../features/auth/AgentRegister') },
  { path: '/auth/verify-email', layout: 'auth', title: 'auth.verifyEmail.title', load: () => import('../features/auth/VerifyEmail') },
  { path: '/auth/forgot-password', layout: 'auth', title: 'auth.forgot.title', load: () => import('../features/auth/ForgotPassword') },
  { path: '/auth/password-reset/:token', layout: 'auth', title: 'auth.reset.title', load: () => import('../features/auth/ResetPassword') },
  // Account extras: any signed-in user who has not verified yet; the success page is open (the link may be opened anywhere).
  { path: '/verify-message', layout: 'auth', title: 'auth.verifyMessage.title', access: { auth: true, unverified: true }, load: () => import('../features/auth/VerifyMessage') },
  { path: '/email-success-message', layout: 'auth', title: 'auth.emailSuccess.title', load: () => import('../features/auth/EmailSuccess') },
  // These paths are linked from mails and old pages too: the public add-agent-details and the agent area's verify-message lead to the same screens.
  { path: '/add-agent-details', layout: 'public', title: 'agent.setup.title', redirect: '/agent/add-agent-details' },
  { path: '/agent/verify-message', layout: 'agent', title: 'auth.verifyMessage.title', redirect: '/verify-message' },

  // Agent area: role agent; approved agents by default, stages say who else may open a screen.
  { path: '/agent', layout: 'agent', title: 'agent.dashboard.title', access: { roles: AGENT }, redirect: '/agent/dashboard' },
  { path: '/agent/dashboard', layout: 'agent', title: 'agent.dashboard.title', access: { roles: AGENT }, menu: { icon: 'dashboard', order: 0 }, load: () => import('../features/agents/Dashboard') },
  { path: '/agent/flights', layout: 'agent', title: 'flights.search.title', access: { roles: AGENT }, menu: { icon: 'plane', order: 5 }, load: () => import('../features/flights/SearchPage') },
  { path: '/agent/dashboard-flights', layout: 'agent', title: 'flights.results.title', access: { roles: AGENT }, load: () => import('../features/flights/Results') },
  { path: '/agent/price-alerts', layout: 'agent', title: 'priceAlerts.title', access: { roles: AGENT }, menu: { icon: 'bell', order: 6 }, load: () => import('../features/price-alerts/PriceAlertsPage') },
  { path: '/agent/flight-checkout', layout: 'agent', title: 'nav.checkout', access: { roles: AGENT }, load: () => import('../features/flights/Checkout') },
  { path: '/agent/agent-booking-details', layout: 'agent', title: 'bookings.details.title', access: { roles: AGENT }, redirect: '/agent/pnr-details' },
  { path: '/agent/hotels', layout: 'agent', title: 'nav.hotels', access: { roles: AGENT }, menu: { icon: 'hotel', order: 5.5 }, load: () => import('../features/hotels/SearchPage') },
  { path: '/agent/hotel-results', layout: 'agent', title: 'hotels.results.title', access: { roles: AGENT }, load: () => import('../features/hotels/Results') },
  { path: '/agent/hotel-details', layout: 'agent', title: 'hotels.details.title', access: { roles: AGENT }, load: () => import('../features/hotels/Details') },
  { path: '/agent/hotel-checkout', layout: 'agent', title: 'hotels.checkout.title', access: { roles: AGENT }, load: () => import('../features/hotels/Checkout') },
  { path: '/agent/hotel-booking', layout: 'agent', title: 'hotels.voucher.title', access: { roles: AGENT }, load: () => import('../features/hotels/BookingPage') },
  { path: '/agent/pending-approval', layout: 'agent', title: 'agent.pending.title', access: { roles: AGENT, stages: ['pending'] }, menu: { icon: 'clock', order: 1 }, load: () => import('../features/agent-onboarding/PendingApproval') },
  { path: '/agent/add-agent-details', layout: 'agent', title: 'agent.setup.title', access: { roles: AGENT, stages: ['unverified', 'pending', 'approved'] }, menu: { icon: 'briefcase', order: 90, group: 'agency' }, load: () => import('../features/agents/AgentDetails') },
  // Agents, deposits, ledger, travellers.
  { path: '/agent/deposits', layout: 'agent', title: 'deposits.title', access: { roles: AGENT }, menu: { icon: 'briefcase', order: 20, group: 'money' }, load: () => import('../features/agents/Deposits') },
  { path: '/agent/agent-deposit', layout: 'agent', title: 'deposits.new', access: { roles: AGENT }, load: () => import('../features/agents/AgentDeposit') },
  { path: '/agent/agent-ledger', layout: 'agent', title: 'ledger.title', access: { roles: AGENT }, menu: { icon: 'dashboard', order: 21, group: 'money' }, load: () => import('../features/agents/AgentLedger') },
  { path: '/agent/other-charges', layout: 'agent', title: 'charges.title', access: { roles: AGENT }, menu: { icon: 'alert', order: 22, group: 'money' }, load: () => import('../features/agents/OtherCharges') },
  { path: '/agent/travellers', layout: 'agent', title: 'travellers.title', access: { roles: AGENT }, menu: { icon: 'passport', order: 30, group: 'agency' }, load: () => import('../features/agents/Travellers') },
  { path: '/agent/new-traveller', layout: 'agent', title: 'travellers.new', access: { roles: AGENT }, load: () => import('../features/agents/NewTraveller') },
  { path: '/agent/agency-users', layout: 'agent', title: 'agency.title', access: { roles: AGENT, agencyAdmin: true }, menu: { icon: 'users', order: 91.5, group: 'agency' }, load: () => import('../features/agency/AgencyUsers') },
  { path: '/agent/settings', layout: 'agent', title: 'agentProfile.settingsTitle', access: { roles: AGENT, stages: ['pending', 'approved'] }, menu: { icon: 'user', order: 91, group: 'agency' }, load: () => import('../features/agents/Settings') },
  { path: '/agent/update-agent-data', layout: 'agent', title: 'agentProfile.updateTitle', access: { roles: AGENT }, load: () => import('../features/agents/AgentDetails') },

  // Booking operations: lists, details with actions, direct bookings, PNR import.
  { path: '/agent/queues', layout: 'agent', title: 'queues.title', access: { roles: AGENT }, menu: { icon: 'clock', order: 6.9, group: 'bookings' }, load: () => import('../features/queues/Queues') },
  { path: '/agent/agent-bookings', layout: 'agent', title: 'bookings.agent.title', access: { roles: AGENT }, menu: { icon: 'plane', order: 6, group: 'bookings' }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.AgentBookings })) },
  { path: '/agent/hotel-bookings', layout: 'agent', title: 'nav.hotelBookings', access: { roles: AGENT }, menu: { icon: 'hotel', order: 6.5, group: 'bookings' }, load: () => import('../features/hotels/BookingsScreens').then((m) => ({ default: m.AgentHotelBookings })) },
  { path: '/agent/visa-applications', layout: 'agent', title: 'nav.visaApplicationsAgentTitle', access: { roles: AGENT }, menu: { icon: 'passport', order: 6.7, group: 'bookings' }, load: () => import('../features/visa-applications/AdminScreens').then((m) => ({ default: m.AgentVisaApplications })) },
  { path: '/agent/package-bookings', layout: 'agent', title: 'nav.packageBookingsAdminTitle', access: { roles: AGENT }, menu: { icon: 'moon', order: 6.7, group: 'bookings' }, load: () => import('../features/package-bookings/AgentList') },
  { path: '/agent/package-booking', layout: 'agent', title: 'nav.packageBookingsBookingTitle', access: { roles: AGENT }, detailOf: { list: '/agent/package-bookings', params: ['reference', 'id'] }, load: () => import('../features/package-bookings/BookingPage') },
  { path: '/agent/insurance-policies', layout: 'agent', title: 'nav.insurancePolicyAdminTitle', access: { roles: AGENT }, menu: { icon: 'shield', order: 6.8, group: 'bookings' }, load: () => import('../features/insurance/PoliciesList').then((m) => ({ default: m.AgentPolicies })) },
  { path: '/agent/insurance-policy', layout: 'agent', title: 'nav.insurancePolicyPageTitle', access: { roles: AGENT }, load: () => import('../features/insurance/PolicyPage') },
  { path: '/agent/direct-agent-bookings', layout: 'agent', title: 'bookings.agentDirect.title', access: { roles: AGENT }, menu: { icon: 'briefcase', order: 7, group: 'bookings' }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.DirectAgentBookings })) },
  // One page per booking for an agent, with its actions (online, offline, direct or imported): the older addresses
  // of the same page lead to it, with their ?id= or ?pnr=.
  { path: '/agent/pnr-details', layout: 'agent', title: 'bookings.details.title', access: { roles: AGENT }, detailOf: { list: '/agent/agent-bookings', params: ['id', 'pnr'] }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.AgentBookingDetail })) },
  { path: '/agent/direct-agent-booking-details', layout: 'agent', title: 'bookings.details.title', access: { roles: AGENT }, redirect: '/agent/pnr-details' },
  { path: '/agent/agent-booking-details-offline', layout: 'agent', title: 'bookings.details.title', access: { roles: AGENT }, redirect: '/agent/pnr-details' },
  { path: '/agent/quotation', layout: 'agent', title: 'quotes.title', access: { roles: AGENT }, menu: { icon: 'mail', order: 9, group: 'bookings' }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.Quotation })) },
  { path: '/agent/agent-import-pnr', layout: 'agent', title: 'pnr.agentTitle', access: { roles: AGENT }, menu: { icon: 'passport', order: 8, group: 'bookings' }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.AgentImportPnr })) },
  // Back office: all three staff roles; screens add `permission`.
  { path: '/admin', layout: 'admin', title: 'admin.dashboard.title', access: { roles: STAFF }, redirect: '/admin/dashboard' },
  { path: '/admin/dashboard', layout: 'admin', title: 'admin.dashboard.title', access: { roles: STAFF }, menu: { icon: 'dashboard', order: 0 }, load: () => import('../features/admin/Dashboard') },
  // Users, staff, deposits, banks, charges, margins.
  { path: '/admin/users', layout: 'admin', title: 'users.title', access: { roles: STAFF, permission: USER_READERS }, menu: { icon: 'users', order: 10, group: 'people' }, load: () => import('../features/back-office/Users') },
  { path: '/admin/user-details', layout: 'admin', title: 'users.detailsTitle', access: { roles: STAFF, permission: USER_READERS }, detailOf: { list: '/admin/users', params: ['id'] }, load: () => import('../features/back-office/UserDetails') },
  { path: '/admin/new-user', layout: 'admin', title: 'users.newUser', access: { roles: STAFF, permission: 'users.manage' }, load: () => import('../features/back-office/UserForms') },
  { path: '/admin/update/user', layout: 'admin', title: 'users.updateTitle', access: { roles: STAFF, permission: 'users.manage' }, load: () => import('../features/back-office/UserForms').then((m) => ({ default: m.UpdateUserScreen })) },
  { path: '/admin/update-agent-data', layout: 'admin', title: 'agentProfile.updateTitle', access: { roles: STAFF, permission: 'users.manage' }, load: () => import('../features/agents/AgentDetails') },
  { path: '/admin/staff', layout: 'admin', title: 'users.staffTitle', access: { roles: STAFF, permission: USER_READERS }, menu: { icon: 'shield', order: 11, group: 'people' }, load: () => import('../features/back-office/Users').then((m) => ({ default: m.Staff })) },
  { path: '/admin/new-staff', layout: 'admin', title: 'users.newStaff', access: { roles: STAFF, permission: 'users.manage' }, load: () => import('../features/back-office/UserForms').then((m) => ({ default: m.StaffFormScreen })) },
  { path: '/admin/update-staff', layout: 'admin', title: 'users.updateStaff', access: { roles: STAFF, permission: 'users.manage' }, load: () => import('../features/back-office/UserForms').then((m) => ({ default: m.StaffFormScreen })) },
  { path: '/admin/topup-request', layout: 'admin', title: 'deposits.topups', access: { roles: STAFF, permission: DEPOSIT_READERS }, menu: { icon: 'briefcase', order: 20, group: 'money' }, load: () => import('../features/back-office/Topups') },
  { path: '/admin/deposit-details', layout: 'admin', title: 'deposits.detailsTitle', access: { roles: STAFF, permission: DEPOSIT_READERS }, detailOf: { list: '/admin/topup-request', params: ['id'] }, load: () => import('../features/agents/DepositDetails') },
  { path: '/admin/agent-detail-deposits', layout: 'admin', title: 'deposits.agentDeposits', access: { roles: STAFF, permission: 'deposits.manage' }, load: () => import('../features/back-office/Topups').then((m) => ({ default: m.AgentDetailDeposits })) },
  { path: '/admin/other-charges', layout: 'admin', title: 'charges.title', access: { roles: STAFF, permission: LEDGER_READERS }, menu: { icon: 'alert', order: 21, group: 'money' }, load: () => import('../features/agents/OtherCharges') },
  { path: '/admin/transactions', layout: 'admin', title: 'nav.transactions', access: { roles: STAFF, permission: LEDGER_READERS }, menu: { icon: 'briefcase', order: 20.5, group: 'money' }, load: () => import('../features/back-office/Transactions') },
  { path: '/admin/agent-credit', layout: 'admin', title: 'ledger.creditLine.pageTitle', access: { roles: STAFF, permission: LEDGER_READERS }, menu: { icon: 'briefcase', order: 20.6, group: 'money' }, load: () => import('../features/agents/CreditPanel') },
  { path: '/admin/reconciliation', layout: 'admin', title: 'nav.reconciliation', access: { roles: STAFF, permission: LEDGER_READERS }, menu: { icon: 'briefcase', order: 20.7, group: 'money' }, load: () => import('../features/reconciliation/Reconciliation') },
  { path: '/admin/new-transaction', layout: 'admin', title: 'nav.newTransaction', access: { roles: STAFF, permission: 'ledger.manage' }, load: () => import('../features/back-office/TransactionForms').then((m) => ({ default: m.NewTransactionScreen })) },
  { path: '/admin/update-transaction', layout: 'admin', title: 'nav.editTransaction', access: { roles: STAFF, permission: 'ledger.manage' }, detailOf: { list: '/admin/transactions', params: ['id'] }, load: () => import('../features/back-office/TransactionForms').then((m) => ({ default: m.UpdateTransactionScreen })) },
  { path: '/admin/new-charges', layout: 'admin', title: 'charges.new', access: { roles: STAFF, permission: 'ledger.manage' }, load: () => import('../features/back-office/Money').then((m) => ({ default: m.NewChargeScreen })) },
  { path: '/admin/banks', layout: 'admin', title: 'banks.title', access: { roles: STAFF, permission: 'banks.manage' }, menu: { icon: 'globe', order: 22, group: 'money' }, load: () => import('../features/back-office/Banks') },
  { path: '/admin/new-bank', layout: 'admin', title: 'banks.new', access: { roles: STAFF, permission: 'banks.manage' }, load: () => import('../features/back-office/Banks').then((m) => ({ default: m.NewBankScreen })) },
  { path: '/admin/customer-margin', layout: 'admin', title: 'margins.customerTitle', access: { roles: STAFF, permission: 'margins.manage' }, menu: { icon: 'check', order: 23, group: 'money' }, load: () => import('../features/back-office/Money').then((m) => ({ default: m.CustomerMarginScreen })) },
  { path: '/admin/agent-margins', layout: 'admin', title: 'margins.agentsTitle', access: { roles: STAFF, permission: 'margins.manage' }, menu: { icon: 'sliders', order: 23.2, group: 'money' }, load: () => import('../features/back-office/AgentMargins') },
  { path: '/admin/exchange-rates', layout: 'admin', title: 'rates.title', access: { roles: STAFF, permission: 'margins.manage' }, menu: { icon: 'globe', order: 23.7, group: 'money' }, load: () => import('../features/back-office/ExchangeRates') },
  { path: '/admin/hotel-margin', layout: 'admin', title: 'nav.hotelMargin', access: { roles: STAFF, permission: 'margins.manage' }, menu: { icon: 'hotel', order: 23.5, group: 'money' }, load: () => import('../features/hotels/MarginScreen') },
  // Booking operations: bookings, void queue, direct bookings, PNR import, booking-status setting.
  { path: '/admin/bookings', layout: 'admin', title: 'bookings.admin.title', access: { roles: STAFF, permission: 'bookings.read' }, menu: { icon: 'plane', order: 30, group: 'bookings' }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.AdminBookings })) },
  // Hotel bookings: every agent's and customer's, each opening its voucher with the cancel action.
  { path: '/admin/hotel-bookings', layout: 'admin', title: 'nav.hotelBookings', access: { roles: STAFF, permission: 'bookings.read' }, menu: { icon: 'hotel', order: 30.5, group: 'bookings' }, load: () => import('../features/hotels/BookingsScreens').then((m) => ({ default: m.AdminHotelBookings })) },
  { path: '/admin/package-bookings', layout: 'admin', title: 'nav.packageBookingsAdminTitle', access: { roles: STAFF, permission: 'bookings.read' }, menu: { icon: 'moon', order: 30.6, group: 'bookings' }, load: () => import('../features/package-bookings/AdminList') },
  { path: '/admin/package-booking', layout: 'admin', title: 'nav.packageBookingsBookingTitle', access: { roles: STAFF, permission: 'bookings.read' }, detailOf: { list: '/admin/package-bookings', params: ['reference', 'id'] }, load: () => import('../features/package-bookings/BookingPage') },
  { path: '/admin/hotel-booking', layout: 'admin', title: 'hotels.voucher.title', access: { roles: STAFF, permission: 'bookings.read' }, detailOf: { list: '/admin/hotel-bookings', params: ['reference', 'id'] }, load: () => import('../features/hotels/BookingPage') },
  // Visa applications: every application; its documents, review and decision.
  { path: '/admin/visa-applications', layout: 'admin', title: 'nav.visaApplicationsAdminTitle', access: { roles: STAFF, permission: 'bookings.read' }, menu: { icon: 'passport', order: 30.7, group: 'bookings' }, load: () => import('../features/visa-applications/AdminScreens').then((m) => ({ default: m.AdminVisaApplications })) },
  { path: '/admin/visa-application', layout: 'admin', title: 'nav.visaApplicationsDetailTitle', access: { roles: STAFF, permission: 'bookings.read' }, detailOf: { list: '/admin/visa-applications', params: ['id'] }, load: () => import('../features/visa-applications/AdminScreens').then((m) => ({ default: m.AdminVisaApplication })) },
  { path: '/admin/insurance-policies', layout: 'admin', title: 'nav.insurancePolicyAdminTitle', access: { roles: STAFF, permission: 'bookings.read' }, menu: { icon: 'shield', order: 30.8, group: 'bookings' }, load: () => import('../features/insurance/PoliciesList').then((m) => ({ default: m.AdminPolicies })) },
  { path: '/admin/insurance-policy', layout: 'admin', title: 'nav.insurancePolicyPageTitle', access: { roles: STAFF, permission: 'bookings.read' }, detailOf: { list: '/admin/insurance-policies', params: ['ref', 'id'] }, load: () => import('../features/insurance/PolicyPage') },
  { path: '/admin/customer-bookings', layout: 'admin', title: 'bookings.customer.title', access: { roles: STAFF, permission: 'bookings.read' }, menu: { icon: 'users', order: 31, group: 'bookings' }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.AdminCustomerBookings })) },
  { path: '/admin/void-bookings', layout: 'admin', title: 'bookings.voidQueue.title', access: { roles: STAFF, permission: 'bookings.read' }, menu: { icon: 'alert', order: 32, group: 'bookings' }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.VoidBookings })) },
  { path: '/admin/direct-bookings', layout: 'admin', title: 'bookings.direct.title', access: { roles: STAFF, permission: 'bookings.read' }, menu: { icon: 'briefcase', order: 33, group: 'bookings' }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.DirectBookings })) },
  { path: '/admin/import-pnr', layout: 'admin', title: 'pnr.title', access: { roles: STAFF, permission: 'pnr.import' }, menu: { icon: 'passport', order: 34, group: 'bookings' }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.AdminImportPnr })) },
  { path: '/admin/queues', layout: 'admin', title: 'queues.title', access: { roles: STAFF, permission: 'bookings.read' }, menu: { icon: 'clock', order: 32.4, group: 'bookings' }, load: () => import('../features/queues/Queues') },
  { path: '/admin/schedule-changes', layout: 'admin', title: 'scheduleChanges.list.title', access: { roles: STAFF, permission: 'bookings.manage' }, menu: { icon: 'alert', order: 32.5, group: 'bookings' }, load: () => import('../features/schedule-changes/Worklist').then((m) => ({ default: m.ScheduleChangeWorklist })) },
  { path: '/admin/supplier-console', layout: 'admin', title: 'nav.pnrConsoleTitle', access: { roles: STAFF, permission: 'pnr.import' }, menu: { icon: 'plane', order: 34.5, group: 'bookings' }, load: () => import('../features/pnr/SupplierConsole').then((m) => ({ default: m.SupplierConsole })) },
  { path: '/admin/add-booking', layout: 'admin', title: 'bookings.add.title', access: { roles: STAFF, permission: 'bookings.manage' }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.AddBooking })) },
  { path: '/admin/booking-details', layout: 'admin', title: 'bookings.details.title', access: { roles: STAFF, permission: 'bookings.read' }, detailOf: { list: '/admin/bookings', params: ['id', 'pnr'] }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.AdminBookingDetails })) },
  { path: '/admin/booking-details-offline', layout: 'admin', title: 'bookings.details.title', access: { roles: STAFF, permission: 'bookings.read' }, detailOf: { list: '/admin/bookings', params: ['id', 'pnr'] }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.AdminBookingDetails })) },
  { path: '/admin/customer-booking-details', layout: 'admin', title: 'bookings.details.title', access: { roles: STAFF, permission: 'bookings.read' }, detailOf: { list: '/admin/customer-bookings', params: ['id', 'pnr'] }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.AdminCustomerBookingDetails })) },
  { path: '/admin/direct-booking-details', layout: 'admin', title: 'bookings.details.title', access: { roles: STAFF, permission: 'bookings.read' }, detailOf: { list: '/admin/direct-bookings', params: ['id', 'pnr'] }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.AdminDirectBookingDetails })) },
  { path: '/admin/agent-detail-bookings', layout: 'admin', title: 'bookings.agentDetail.title', access: { roles: STAFF, permission: 'bookings.read' }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.AgentDetailBookings })) },
  { path: '/admin/quotation', layout: 'admin', title: 'quotes.title', access: { roles: STAFF, permission: 'bookings.manage' }, menu: { icon: 'mail', order: 36, group: 'bookings' }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.Quotation })) },
  { path: '/admin/booking-settings', layout: 'admin', title: 'bookingSettings.title', access: { roles: STAFF, permission: 'settings.manage' }, menu: { icon: 'check', order: 35, group: 'settings' }, load: () => import('../features/bookings/screens').then((m) => ({ default: m.BookingSettings })) },
  // Catalogue back office: catalogue.manage; leads: leads.manage.
  { path: '/admin/visas', layout: 'admin', title: 'visas.adminTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, menu: { icon: 'passport', order: 40, group: 'catalogue' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.VisasList })) },
  { path: '/admin/new-visa', layout: 'admin', title: 'visas.new', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.VisaNew })) },
  { path: '/admin/update-visa', layout: 'admin', title: 'visas.editTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.VisaEdit })) },
  { path: '/admin/holidays', layout: 'admin', title: 'holidays.adminTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, menu: { icon: 'sun', order: 41, group: 'catalogue' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.HolidaysList })) },
  { path: '/admin/new/holiday', layout: 'admin', title: 'holidays.new', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.HolidayNew })) },
  { path: '/admin/update/holiday', layout: 'admin', title: 'holidays.editTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.HolidayEdit })) },
  { path: '/admin/umrah-packages', layout: 'admin', title: 'umrah.adminTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, menu: { icon: 'moon', order: 42, group: 'catalogue' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.UmrahList })) },
  { path: '/admin/package-departures', layout: 'admin', title: 'nav.packageBookingsDeparturesTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, menu: { icon: 'clock', order: 42.5, group: 'catalogue' }, load: () => import('../features/package-bookings/DeparturesEditor') },
  { path: '/admin/new/umrah-package', layout: 'admin', title: 'umrah.new', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.UmrahNew })) },
  { path: '/admin/update/umrah-package', layout: 'admin', title: 'umrah.editTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.UmrahEdit })) },
  { path: '/admin/group-tickets', layout: 'admin', title: 'groupTickets.adminTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, menu: { icon: 'users', order: 43, group: 'catalogue' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.GroupTicketsList })) },
  { path: '/admin/new/group-ticket', layout: 'admin', title: 'groupTickets.new', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.GroupTicketNew })) },
  { path: '/admin/update/group-ticket', layout: 'admin', title: 'groupTickets.editTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.GroupTicketEdit })) },
  { path: '/admin/insurance-plans', layout: 'admin', title: 'insurance.adminTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, menu: { icon: 'shield', order: 44, group: 'catalogue' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.InsuranceList })) },
  { path: '/admin/new/insurance-plan', layout: 'admin', title: 'insurance.new', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.InsuranceNew })) },
  { path: '/admin/update/insurance-plan', layout: 'admin', title: 'insurance.editTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.InsuranceEdit })) },
  { path: '/admin/aircrafts', layout: 'admin', title: 'aircraft.adminTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, menu: { icon: 'plane', order: 46, group: 'catalogue' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.AircraftList })) },
  { path: '/admin/new/aircraft', layout: 'admin', title: 'aircraft.new', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.AircraftNew })) },
  { path: '/admin/update/aircraft', layout: 'admin', title: 'aircraft.editTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.AircraftEdit })) },
  { path: '/admin/suppliers', layout: 'admin', title: 'suppliers.adminTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, menu: { icon: 'briefcase', order: 47, group: 'catalogue' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.SuppliersList })) },
  { path: '/admin/new/supplier', layout: 'admin', title: 'suppliers.new', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.SupplierNew })) },
  { path: '/admin/update/supplier', layout: 'admin', title: 'suppliers.editTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.SupplierEdit })) },
  // Airlines: their margins are also accounts' work (margins.manage), as on the server.
  { path: '/admin/airlines', layout: 'admin', title: 'airlines.adminTitle', access: { roles: STAFF, permission: AIRLINES }, menu: { icon: 'plane', order: 49, group: 'catalogue' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.AirlinesList })) },
  { path: '/admin/new/airline', layout: 'admin', title: 'airlines.new', access: { roles: STAFF, permission: AIRLINES }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.AirlineNew })) },
  { path: '/admin/update/airline', layout: 'admin', title: 'airlines.editTitle', access: { roles: STAFF, permission: AIRLINES }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.AirlineEdit })) },
  { path: '/admin/airports', layout: 'admin', title: 'airports.adminTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, menu: { icon: 'pin', order: 50, group: 'catalogue' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.AirportsList })) },
  { path: '/admin/new/airport', layout: 'admin', title: 'airports.new', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.AirportNew })) },
  { path: '/admin/update/airport', layout: 'admin', title: 'airports.editTitle', access: { roles: STAFF, permission: 'catalogue.manage' }, load: () => import('../features/catalogue/screens').then((m) => ({ default: m.AirportEdit })) },
  { path: '/admin/banners', layout: 'admin', title: 'banners.title', access: { roles: STAFF, permission: 'catalogue.manage' }, menu: { icon: 'sun', order: 45, group: 'catalogue' }, load: () => import('../features/catalogue/Banners') },
  { path: '/admin/leads', layout: 'admin', title: 'leads.title', access: { roles: STAFF, permission: ['leads.manage', 'leads.read'] as const }, menu: { icon: 'mail', order: 48, group: 'people' }, load: () => import('../features/catalogue/Leads') },
  // Statechart explorer: every machine drawn, with paths; for analysts and admin (flows.view).
  { path: '/admin/flows', layout: 'admin', title: 'nav.flows', access: { roles: STAFF, permission: 'flows.view' }, menu: { icon: 'arrow', order: 95, group: 'insight' }, load: () => import('../features/flows/Explorer') },
];

export const NOT_FOUND: ScreenRoute = { path: '*', layout: 'public', title: 'notFound.title', load: () => import('../features/public/NotFound') };

/** Match a pattern against a path ("/a/:id" vs "/a/7" → {id: "7"}); trailing slashes ignored. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const split = (s: string) => s.split('/').filter(Boolean);
  const want = split(pattern);
  const got = split(path);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = safeDecode(got[i]);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function findRoute(path: string): { route: RouteDef; params: Record<string, string> } {
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return { route: NOT_FOUND, params: {} };
}

export const isScreen = (r: RouteDef): r is ScreenRoute => 'load' in r;

/** The side menu of an area for this user: rows with `menu` that the guard lets this user open. */
export function menuFor(layout: Layout, user: User | null): ScreenRoute[] {
  return ROUTES.filter(isScreen)
    .filter((r) => r.layout === layout && r.menu && guard(user, r.access).allow)
    .sort((a, b) => a.menu!.order - b.menu!.order);
}
