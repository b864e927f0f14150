import type { AnyStateMachine } from 'xstate';

/**
 * Every machine in the product, for the explorer at /admin/flows. Each loads by dynamic import, so the machines'
 * code (and the explorer's) stays out of every other page's chunks. `purpose` is an i18n key; `usedIn` names the
 * screens (route paths) that run the machine. A new machine in machines/ gets a row here.
 */
export interface MachineEntry {
  id: string;
  /** The file in machines/. */
  file: string;
  purpose: string;
  usedIn: string[];
  load: () => Promise<AnyStateMachine>;
}

export const MACHINES: readonly MachineEntry[] = [
  {
    id: 'flight-booking', file: 'machines/flight-booking.ts', purpose: 'flows.purpose.flightBooking',
    usedIn: ['/flight/search', '/flight/details', '/flight/checkout', '/payment-result', '/agent/flights', '/agent/flight-checkout'],
    load: () => import('../../../machines/flight-booking').then((m) => m.flightBookingMachine),
  },
  {
    id: 'hotel-booking', file: 'machines/hotel-booking.ts', purpose: 'flows.purpose.hotelBooking',
    usedIn: ['/hotel/search', '/hotel/details', '/hotel/checkout', '/payment-result', '/agent/hotels', '/agent/hotel-results', '/agent/hotel-details', '/agent/hotel-checkout'],
    load: () => import('../../../machines/hotel-booking').then((m) => m.hotelBookingMachine),
  },
  {
    id: 'package-booking', file: 'machines/package-booking.ts', purpose: 'flows.purpose.packageBooking',
    usedIn: ['/package/book'],
    load: () => import('../../../machines/package-booking').then((m) => m.packageBookingMachine),
  },
  {
    id: 'visa-application', file: 'machines/visa-application.ts', purpose: 'flows.purpose.visaApplication',
    usedIn: ['/visa-apply'],
    load: () => import('../../../machines/visa-application').then((m) => m.visaApplicationMachine),
  },
  {
    id: 'hotel-search-form', file: 'machines/hotel-search-form.ts', purpose: 'flows.purpose.hotelSearchForm',
    usedIn: ['/hotel/search', '/agent/hotels', '/agent/hotel-results'],
    load: () => import('../../../machines/hotel-search-form').then((m) => m.hotelSearchFormMachine),
  },
  {
    id: 'destination-suggest', file: 'machines/destination-suggest.ts', purpose: 'flows.purpose.destinationSuggest',
    usedIn: ['/hotel/search', '/agent/hotels'],
    load: () => import('../../../machines/destination-suggest').then((m) => m.destinationSuggestMachine),
  },
  {
    id: 'booking-lookup', file: 'machines/booking-lookup.ts', purpose: 'flows.purpose.bookingLookup',
    usedIn: ['/booking'],
    load: () => import('../../../machines/booking-lookup').then((m) => m.bookingLookupMachine),
  },
  {
    id: 'price-calendar', file: 'machines/price-calendar.ts', purpose: 'flows.purpose.priceCalendar',
    usedIn: ['/', '/flight/search', '/agent/flights', '/agent/dashboard-flights'],
    load: () => import('../../../machines/price-calendar').then((m) => m.priceCalendarMachine),
  },
  {
    id: 'price-grid', file: 'machines/price-grid.ts', purpose: 'flows.purpose.priceGrid',
    usedIn: ['/flight/search', '/agent/dashboard-flights'],
    load: () => import('../../../machines/price-grid').then((m) => m.priceGridMachine),
  },
  {
    id: 'agency-users', file: 'machines/agency-users.ts', purpose: 'flows.purpose.agencyUsers',
    usedIn: ['/agent/agency-users'],
    load: () => import('../../../machines/agency-users').then((m) => m.agencyUsersMachine),
  },
  {
    id: 'credit-settings', file: 'machines/credit-settings.ts', purpose: 'flows.purpose.creditSettings',
    usedIn: ['/admin/agent-credit', '/admin/user-details'],
    load: () => import('../../../machines/credit-settings').then((m) => m.creditSettingsMachine),
  },
  {
    id: 'price-alert', file: 'machines/price-alert.ts', purpose: 'flows.purpose.priceAlert',
    usedIn: ['/flight/search', '/agent/dashboard-flights'],
    load: () => import('../../../machines/price-alert').then((m) => m.priceAlertMachine),
  },
  {
    id: 'airport-suggest', file: 'machines/airport-suggest.ts', purpose: 'flows.purpose.airportSuggest',
    usedIn: ['/', '/flight/search', '/agent/flights'],
    load: () => import('../../../machines/airport-suggest').then((m) => m.airportSuggestMachine),
  },
  {
    id: 'flight-search-form', file: 'machines/flight-search-form.ts', purpose: 'flows.purpose.flightSearchForm',
    usedIn: ['/', '/flight/search', '/agent/flights', '/agent/dashboard-flights'],
    load: () => import('../../../machines/flight-search-form').then((m) => m.flightSearchFormMachine),
  },
  {
    id: 'pnr-import', file: 'machines/pnr-import.ts', purpose: 'flows.purpose.pnrImport',
    usedIn: ['/admin/import-pnr', '/agent/agent-import-pnr', '/admin/add-booking'],
    load: () => import('../../../machines/pnr-import').then((m) => m.pnrImportMachine),
  },
  {
    id: 'flows-explorer', file: 'machines/flows-explorer.ts', purpose: 'flows.purpose.flowsExplorer',
    usedIn: ['/admin/flows'],
    load: () => import('../../../machines/flows-explorer').then((m) => m.flowsExplorerMachine),
  },
  {
    id: 'auth', file: 'machines/auth.ts', purpose: 'flows.purpose.auth',
    usedIn: ['*', '/auth/login', '/auth/register', '/auth/agent/register', '/auth/forgot-password', '/auth/verify-email'],
    load: () => import('../../../machines/auth').then((m) => m.authMachine),
  },
  {
    id: 'booking-actions', file: 'machines/booking-actions.ts', purpose: 'flows.purpose.bookingActions',
    usedIn: ['/agent/pnr-details', '/admin/bookings'],
    load: () => import('../../../machines/booking-actions').then((m) => m.bookingActionsMachine),
  },
  {
    id: 'reissue', file: 'machines/reissue.ts', purpose: 'flows.purpose.reissue',
    usedIn: ['/agent/pnr-details', '/admin/booking-details', '/my-trips'],
    load: () => import('../../../machines/reissue').then((m) => m.reissueMachine),
  },
  {
    id: 'schedule-change-response', file: 'machines/schedule-change-response.ts', purpose: 'flows.purpose.scheduleChangeResponse',
    usedIn: ['/my-trips', '/agent/pnr-details'],
    load: () => import('../../../machines/schedule-change-response').then((m) => m.scheduleChangeResponseMachine),
  },
  {
    id: 'seat-selection', file: 'machines/seat-selection.ts', purpose: 'flows.purpose.seatSelection',
    usedIn: ['/flight/checkout', '/agent/flight-checkout', '/booking', '/agent/pnr-details', '/admin/booking-details'],
    load: () => import('../../../machines/seat-selection').then((m) => m.seatSelectionMachine),
  },
  {
    id: 'quotation', file: 'machines/quotation.ts', purpose: 'flows.purpose.quotation',
    usedIn: ['/agent/quotation', '/admin/quotation'],
    load: () => import('../../../machines/quotation').then((m) => m.quotationMachine),
  },
  {
    id: 'insurance-quote', file: 'machines/insurance-quote.ts', purpose: 'flows.purpose.insuranceQuote',
    usedIn: ['/travel-insurance'],
    load: () => import('../../../machines/insurance-quote').then((m) => m.insuranceQuoteMachine),
  },
  {
    id: 'insurance-purchase', file: 'machines/insurance-purchase.ts', purpose: 'flows.purpose.insurancePurchase',
    usedIn: ['/travel-insurance/buy'],
    load: () => import('../../../machines/insurance-purchase').then((m) => m.insurancePurchaseMachine),
  },
  {
    id: 'wallet-balance', file: 'machines/wallet-balance.ts', purpose: 'flows.purpose.walletBalance',
    usedIn: ['/agent/*'],
    load: () => import('../../../machines/wallet-balance').then((m) => m.walletBalanceMachine),
  },
  {
    id: 'notifications', file: 'machines/notifications.ts', purpose: 'flows.purpose.notifications',
    usedIn: ['/agent/*', '/admin/*'],
    load: () => import('../../../machines/notifications').then((m) => m.notificationsMachine),
  },
  {
    id: 'queue-worklist', file: 'machines/queue-worklist.ts', purpose: 'flows.purpose.queueWorklist',
    usedIn: ['/admin/queues', '/agent/queues'],
    load: () => import('../../../machines/queue-worklist').then((m) => m.queueWorklistMachine),
  },
  {
    id: 'reconciliation', file: 'machines/reconciliation.ts', purpose: 'flows.purpose.reconciliation',
    usedIn: ['/admin/reconciliation'],
    load: () => import('../../../machines/reconciliation').then((m) => m.reconciliationMachine),
  },
  {
    id: 'resource-list', file: 'machines/resource-list.ts', purpose: 'flows.purpose.resourceList',
    usedIn: ['/agent/travellers', '/agent/deposits', '/agent/other-charges', '/admin/users', '/admin/staff', '/admin/topup-request', '/admin/banks', '/admin/visas', '/admin/holidays', '/admin/airlines', '/admin/banners', '/admin/leads'],
    load: () => import('../../../machines/resource-list').then((m) => m.resourceListMachine),
  },
  {
    id: 'resource-form', file: 'machines/resource-form.ts', purpose: 'flows.purpose.resourceForm',
    usedIn: ['/admin/new-bank', '/admin/new-visa', '/admin/update-visa', '/admin/new/holiday', '/admin/update/airline', '/admin/banners', '/admin/leads'],
    load: () => import('../../../machines/resource-form').then((m) => m.resourceFormMachine),
  },
  {
    id: 'record', file: 'machines/record.ts', purpose: 'flows.purpose.record',
    usedIn: ['/hotel/booking', '/agent/hotel-booking'],
    load: () => import('../../../machines/record').then((m) => m.recordMachine),
  },
  {
    id: 'decision', file: 'machines/decision.ts', purpose: 'flows.purpose.decision',
    usedIn: ['/admin/deposit-details', '/admin/user-details'],
    load: () => import('../../../machines/decision').then((m) => m.decisionMachine),
  },
  {
    id: 'flight-lifecycle', file: 'machines/lifecycle/flight.ts', purpose: 'flows.purpose.flightLifecycle',
    usedIn: ['/admin/booking-details', '/admin/customer-booking-details', '/admin/direct-booking-details', '/agent/pnr-details', '/booking'],
    load: () => import('../../../machines/lifecycle/flight').then((m) => m.flightLifecycle),
  },
  {
    id: 'hotel-lifecycle', file: 'machines/lifecycle/hotel.ts', purpose: 'flows.purpose.hotelLifecycle',
    usedIn: ['/admin/hotel-booking', '/agent/hotel-bookings', '/hotel/booking'],
    load: () => import('../../../machines/lifecycle/hotel').then((m) => m.hotelLifecycle),
  },
  {
    id: 'package-lifecycle', file: 'machines/lifecycle/package.ts', purpose: 'flows.purpose.packageLifecycle',
    usedIn: ['/admin/package-booking', '/package-booking'],
    load: () => import('../../../machines/lifecycle/package').then((m) => m.packageLifecycle),
  },
  {
    id: 'visa-lifecycle', file: 'machines/lifecycle/visa.ts', purpose: 'flows.purpose.visaLifecycle',
    usedIn: ['/admin/visa-application', '/visa-application'],
    load: () => import('../../../machines/lifecycle/visa').then((m) => m.visaLifecycle),
  },
  {
    id: 'insurance-lifecycle', file: 'machines/lifecycle/insurance.ts', purpose: 'flows.purpose.insuranceLifecycle',
    usedIn: ['/admin/insurance-policy', '/insurance/policy'],
    load: () => import('../../../machines/lifecycle/insurance').then((m) => m.insuranceLifecycle),
  },
  {
    id: 'deposit-lifecycle', file: 'machines/lifecycle/deposit.ts', purpose: 'flows.purpose.depositLifecycle',
    usedIn: ['/admin/deposit-details', '/agent/deposits'],
    load: () => import('../../../machines/lifecycle/deposit').then((m) => m.depositLifecycle),
  },
  {
    id: 'support-session', file: 'machines/support-session.ts', purpose: 'flows.purpose.supportSession',
    usedIn: ['*'],
    load: () => import('../../../machines/support-session').then((m) => m.supportSessionMachine),
  },
  {
    id: 'support-follow', file: 'machines/support-follow.ts', purpose: 'flows.purpose.supportFollow',
    usedIn: ['/admin/flows'],
    load: () => import('../../../machines/support-follow').then((m) => m.supportFollowMachine),
  },
];
