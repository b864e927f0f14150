import * as v from 'valibot';
import { CATALOGUES, HeaderImagesInput, InsuranceQuoteInput, PromoImageInput } from '../../../contract/catalogue';
import { PackageDepartureInput } from '../../../contract/package-bookings';
import { PageQuery as CataloguePage, type ResourceDef } from '../../catalogue/crud';
import { aircraftResource, groupTicketResource, holidayResource, insurancePlanResource, supplierResource, umrahResource, visaResource } from '../../catalogue/resources';
import { ListQuery as PromoListQuery } from '../../catalogue/promo.routes';
import { OfferQuery } from '../../package-bookings/routes';
import type { Domain, Operations } from '../operation';

type AnyResource = Pick<ResourceDef<never, unknown, unknown>, 'path' | 'update'> & { input: v.GenericSchema };

/** The six operations server/catalogue/crud.ts builds for a resource, with its input schema. */
function crud(r: AnyResource, one: string, many: string, id: string): Operations {
  const base = `/api/${r.path}`;
  const Id = id[0].toUpperCase() + id.slice(1);
  return {
    [`GET ${base}`]: { operationId: `list${Id}s`, summary: `List ${many}, published ones only unless a catalogue manager asks for all.`, query: CataloguePage, answer: 'list', notes: 'Some resources take further list filters in the query string.' },
    [`GET ${base}/:id`]: { operationId: `get${Id}`, summary: `One ${one} (an unpublished one only for catalogue managers).` },
    [`POST ${base}`]: { operationId: `create${Id}`, summary: `Add a ${one}.`, body: r.input, status: 201 },
    [`PUT ${base}/:id`]: { operationId: `replace${Id}`, summary: r.update === 'put' ? `Replace a ${one} with the whole input.` : `Change a ${one}: the fields given are merged over the stored ones.`, body: r.input },
    [`PATCH ${base}/:id`]: { operationId: `patch${Id}`, summary: `Change some fields of a ${one}; the result is validated whole.`, body: v.partial(r.input as v.ObjectSchema<v.ObjectEntries, undefined>) },
    [`DELETE ${base}/:id`]: { operationId: `delete${Id}`, summary: `Delete a ${one}.`, answer: 'message' },
    // The same three without the id in the path, for clients that send it in the query or the body.
    [`PUT ${base}`]: { operationId: `replace${Id}ById`, summary: `As PUT ${base}/{id}, the id in the query or the body.`, body: r.input, rawQuery: ['id'] },
    [`PATCH ${base}`]: { operationId: `patch${Id}ById`, summary: `As PATCH ${base}/{id}, the id in the query or the body.`, body: v.partial(r.input as v.ObjectSchema<v.ObjectEntries, undefined>), rawQuery: ['id'] },
    [`DELETE ${base}`]: { operationId: `delete${Id}ById`, summary: `Delete the ${one} named by ?id= or the body.`, rawQuery: ['id'], answer: 'message' },
  };
}

const headerImages = (kind: string): Operations => ({
  [`GET /api/${kind}-header-images`]: { operationId: `list${kind[0].toUpperCase()}${kind.slice(1)}HeaderImages`, summary: `The ${kind} page's header images.` },
  [`POST /api/${kind}-header-images`]: { operationId: `add${kind[0].toUpperCase()}${kind.slice(1)}HeaderImages`, summary: `Add uploaded images to the ${kind} page's header.`, body: HeaderImagesInput },
  [`DELETE /api/${kind}-header-images/:id`]: { operationId: `delete${kind[0].toUpperCase()}${kind.slice(1)}HeaderImage`, summary: `Remove one of the ${kind} page's header images.` },
  [`DELETE /api/${kind}-header-images`]: { operationId: `delete${kind[0].toUpperCase()}${kind.slice(1)}HeaderImageById`, summary: `Remove the ${kind} header image named by ?id= or the body.`, rawQuery: ['id'] },
});

export const catalogue: Domain = {
  tag: 'Catalogue',
  description: 'Visas, holidays, umrah packages, group tickets, insurance plans, aircraft and suppliers; banners and package departures.',
  operations: {
    ...crud(visaResource, 'visa', 'visas', 'visa'),
    ...crud(holidayResource, 'holiday', 'holidays', 'holiday'),
    ...crud(umrahResource, 'umrah package', 'umrah packages', 'umrahPackage'),
    ...crud(groupTicketResource, 'group ticket', 'group tickets', 'groupTicket'),
    ...crud(aircraftResource, 'aircraft', 'aircraft (catalogue managers only)', 'aircraft'),
    ...crud(supplierResource, 'supplier', 'suppliers (catalogue managers only)', 'supplier'),
    ...crud(insurancePlanResource, 'insurance plan', 'insurance plans', 'insurancePlan'),
    ...Object.assign({}, ...CATALOGUES.map(headerImages)),
    'GET /api/get-promo-images': { operationId: 'listPromoImages', summary: 'Promo banners: active ones, or all for catalogue managers.', query: PromoListQuery },
    'POST /api/save-promo-image': { operationId: 'savePromoImage', summary: 'Add or change a promo banner.', body: PromoImageInput, status: 201, also: [200, 'An existing banner changed.'], notes: 'As a form, the file may come as a part of its own (any name): it is stored under POST /uploads\' rules and its name read as `file_name`.' },
    'DELETE /api/delete-promo-image/:id': { operationId: 'deletePromoImage', summary: 'Delete a promo banner.', answer: 'message' },
    'DELETE /api/delete-promo-image': { operationId: 'deletePromoImageById', summary: 'Delete a promo banner named by ?id= or the body.', rawQuery: ['id'], answer: 'message' },
    'GET /api/insurance-quote': { operationId: 'quoteInsurance', summary: 'Price travel insurance for a trip and travellers\' ages.', query: InsuranceQuoteInput },
    'POST /api/insurance-quote': { operationId: 'quoteInsuranceFromBody', summary: 'Price travel insurance, the trip given as a JSON body.', body: InsuranceQuoteInput, answer: 'data' },
    'GET /api/package-departures': { operationId: 'packageOffer', summary: 'A holiday or umrah package\'s prices by sharing and its departures with the seats left.', query: OfferQuery },
    'POST /api/package-departures': { operationId: 'addPackageDeparture', summary: 'Add a departure to a package.', body: PackageDepartureInput, status: 201 },
    'PUT /api/package-departures/:id': { operationId: 'updatePackageDeparture', summary: 'Change a package departure.', body: PackageDepartureInput },
    'DELETE /api/package-departures/:id': { operationId: 'deletePackageDeparture', summary: 'Delete a package departure.', answer: 'message' },
  },
};
