/** Route modules for the public catalogue pages. */
export { default as Visas } from './Visas';
export { default as VisaDetails } from './VisaDetails';
export { default as Holidays, HolidayDetails } from './Holidays';
export { default as UmrahPackages, UmrahDetails } from './Umrah';
export { default as GroupTickets } from './GroupTickets';
export { default as TravelInsurance } from './Insurance';
