import * as v from 'valibot';
import { HotelBookingInput, HotelSearchQuerySchema, StayQuery } from '../../../contract/hotels';
import { PackageBookingInput } from '../../../contract/package-bookings';
import { VisaApplicationInput, VisaStatusInput } from '../../../contract/visa-applications';
import { InsurancePolicyInput } from '../../../contract/insurance';
import { CancelBody, DestinationQuery, ListQuery as HotelListQuery, LookupQuery as HotelLookupQuery } from '../../hotels/routes';
import { EmailField, ListQuery as PackageListQuery } from '../../package-bookings/routes';
import { ListQuery as VisaListQuery, LookupQuery as VisaLookupQuery, PayBody } from '../../visa-applications/routes';
import {
  CheckoutBody as PolicyCheckoutBody, DocQuery as PolicyDocQuery, ListQuery as PolicyListQuery, LookupQuery as PolicyLookupQuery,
} from '../../insurance/routes';
import { DocQuery } from '../../documents/routes';
import type { Domain } from '../operation';

const ByEmail = v.object({ email: EmailField });
const idOrReference = '{id} is the numeric id or the reference; a guest gives the reference and ?email= (or email in the body).';
const hotelDoc = (operationId: string, what: string, answer: 'pdf' | 'ics' = 'pdf') => ({
  operationId, summary: `A hotel booking's ${what}, for whoever may read the booking.`, query: DocQuery, answer, notes: idOrReference,
});

export const products: Domain = {
  tag: 'Hotels, packages, visas and insurance',
  description: 'Hotel search and bookings, holiday and umrah package bookings, visa applications and travel insurance policies.',
  operations: {
    'GET /api/hotel-destinations': { operationId: 'suggestHotelDestinations', summary: 'Destination suggestions for the hotel search box.', query: DestinationQuery },
    'GET /api/featured-hotels': { operationId: 'featuredHotels', summary: 'The home page\'s featured hotels.' },
    'GET /api/hotels': { operationId: 'searchHotels', summary: 'Search hotels for a stay, priced for the caller.', query: HotelSearchQuerySchema, answer: 'list', notes: 'Lists come as `a,b` or repeated keys; stay rules are checked by validateHotelSearch (contract/hotels.ts).' },
    'GET /api/hotels/:id': { operationId: 'getHotel', summary: 'A hotel with its rooms priced for a stay.', query: StayQuery },
    'GET /api/hotel-images/:file': { operationId: 'hotelImage', summary: 'A hotel\'s picture (SVG).', answer: 'image' },
    'POST /api/hotel-bookings': { operationId: 'bookHotel', summary: 'Book hotel rooms (guests too); an Idempotency-Key header makes a retry safe.', body: HotelBookingInput, status: 201, also: [200, 'The same Idempotency-Key again: what the first call made, made once.'], errors: [409, 429], notes: '409 with code price_changed and the new total when the price moved.' },
    'GET /api/hotel-bookings': { operationId: 'listHotelBookings', summary: 'Hotel bookings: the caller\'s own, or all (filtered) for staff who read bookings.', query: HotelListQuery, answer: 'list' },
    'GET /api/hotel-bookings/:id': { operationId: 'getHotelBooking', summary: 'A hotel booking with its checkout while unpaid.', query: HotelLookupQuery, notes: idOrReference, errors: [429] },
    'POST /api/hotel-bookings/:id/checkout': { operationId: 'hotelCheckout', summary: 'A new card checkout for an unpaid hotel booking while its hold lasts.', body: CancelBody, answer: 'data', notes: idOrReference },
    'POST /api/hotel-bookings/:id/cancel': { operationId: 'cancelHotelBooking', summary: 'Cancel a hotel booking.', body: CancelBody, notes: idOrReference, errors: [409] },
    'GET /api/hotel-bookings/:id/calendar.ics': hotelDoc('hotelCalendarFile', 'calendar file', 'ics'),
    'GET /api/hotel-bookings/:id/voucher.pdf': hotelDoc('hotelVoucher', 'voucher'),
    'GET /api/hotel-bookings/:id/invoice.pdf': hotelDoc('hotelInvoice', 'invoice'),
    'GET /api/hotel-bookings/:id/receipt.pdf': { ...hotelDoc('hotelReceipt', 'receipt (once paid)'), errors: [409] },
    'POST /api/package-bookings': { operationId: 'bookPackage', summary: 'Book a holiday or umrah package departure (guests too).', body: PackageBookingInput, status: 201, also: [200, 'The same Idempotency-Key again: what the first call made, made once.'], errors: [409, 429] },
    'GET /api/package-bookings': { operationId: 'listPackageBookings', summary: 'Package bookings: the caller\'s own, or all (filtered) for staff who read bookings.', query: PackageListQuery, answer: 'list' },
    'GET /api/package-bookings/:id': { operationId: 'getPackageBooking', summary: 'A package booking with its payment link while unpaid.', query: ByEmail, notes: idOrReference, errors: [429] },
    'POST /api/package-bookings/:id/checkout': { operationId: 'packageCheckout', summary: 'A new card checkout for an unpaid package booking while its hold lasts.', body: ByEmail, answer: 'data', notes: idOrReference },
    'POST /api/package-bookings/:id/confirm': { operationId: 'confirmPackageBooking', summary: 'Confirm a package booking.', errors: [409] },
    'POST /api/package-bookings/:id/cancel': { operationId: 'cancelPackageBooking', summary: 'Cancel a package booking.', errors: [409] },
    'POST /api/visa-applications': { operationId: 'applyForVisa', summary: 'Apply for a visa with the travellers\' documents.', body: VisaApplicationInput, status: 201, also: [200, 'The same Idempotency-Key again: what the first call made, made once.'] },
    'GET /api/visa-applications': { operationId: 'listVisaApplications', summary: 'Visa applications: the caller\'s own, or all for staff who read bookings.', query: VisaListQuery, answer: 'list' },
    'GET /api/visa-applications/:id': { operationId: 'getVisaApplication', summary: 'A visa application with its history.', query: VisaLookupQuery, notes: idOrReference, errors: [429] },
    'POST /api/visa-applications/:id/checkout': { operationId: 'visaCheckout', summary: 'A card checkout for an unpaid visa application.', body: PayBody, answer: 'data', notes: idOrReference },
    'POST /api/visa-applications/:id/status': { operationId: 'moveVisaApplication', summary: 'Move a visa application to its next status.', body: VisaStatusInput, errors: [409] },
    'GET /api/visa-applications/:id/documents/:file': { operationId: 'visaApplicationDocument', summary: 'A document of a visa application, for its applicant and staff.', answer: 'file' },
    'POST /api/insurance-policies': { operationId: 'buyInsurance', summary: 'Buy a travel insurance policy (guests too).', body: InsurancePolicyInput, status: 201, also: [200, 'The same Idempotency-Key again: what the first call made, made once.'], errors: [409, 429], notes: '409 with code price_changed and the new total when the price moved.' },
    'GET /api/insurance-policies': { operationId: 'listInsurancePolicies', summary: 'Insurance policies: the caller\'s own, or all (filtered) for staff who read bookings.', query: PolicyListQuery, answer: 'list' },
    'GET /api/insurance-policies/:id': { operationId: 'getInsurancePolicy', summary: 'An insurance policy.', query: PolicyLookupQuery, notes: '{id} is the numeric id or the policy number; a guest gives the number and ?email=.', errors: [429] },
    'GET /api/insurance-policies/:id/policy.pdf': { operationId: 'insurancePolicyDocument', summary: 'The issued policy as a PDF in English or Arabic.', query: PolicyDocQuery, answer: 'pdf', errors: [409] },
    'POST /api/insurance-policies/:id/checkout': { operationId: 'insuranceCheckout', summary: 'A new card checkout for an unpaid policy.', body: PolicyCheckoutBody, answer: 'data' },
  },
};
