import { Paging as AirlinePaging } from '../../reference/routes';
import { ListQuery as AirportListQuery } from '../../airports/routes';
import { AirportInput } from '../../airports/input';
import { AirlineInput } from '../../airlines/service';
import { ListQuery as UploadListQuery } from '../../uploads/routes';
import type { Domain } from '../operation';

export const reference: Domain = {
  tag: 'Reference data and files',
  description: 'Airports, countries, cities and airlines; uploaded files.',
  operations: {
    'GET /api/airports': { operationId: 'suggestAirports', summary: 'Airport suggestions for a search box, or the airports named by ?codes=.', rawQuery: ['q', 'codes', 'limit'] },
    'GET /api/countries': { operationId: 'listCountries', summary: 'Every country with its currency and phone code.' },
    'GET /api/cities': { operationId: 'listCities', summary: 'Cities, optionally of one country and starting with ?q=.', rawQuery: ['country', 'q', 'limit'] },
    'GET /api/airlines': { operationId: 'listAirlines', summary: 'Airlines, searched and paged.', query: AirlinePaging, answer: 'list' },
    'GET /api/airlines/:code': { operationId: 'getAirline', summary: 'One airline by its IATA code.' },
    'POST /api/airlines': { operationId: 'createAirline', summary: 'Add an airline.', body: AirlineInput, status: 201 },
    'PUT /api/airlines/:code': { operationId: 'updateAirline', summary: 'Change an airline (the code comes from the path).', body: AirlineInput },
    'GET /api/admin/airports': { operationId: 'listAirportsForStaff', summary: 'Every airport for staff, inactive and custom ones too, paged and filtered.', query: AirportListQuery, answer: 'list' },
    'GET /api/admin/airports/:code': { operationId: 'getAirportForStaff', summary: 'One airport by its IATA code, as staff edit it.' },
    'POST /api/airports': { operationId: 'createAirport', summary: 'Add a custom airport.', body: AirportInput, status: 201 },
    'PUT /api/airports/:code': { operationId: 'updateAirport', summary: 'Change any airport (the code comes from the path).', body: AirportInput },
    'DELETE /api/airports/:code': { operationId: 'deleteAirport', summary: 'Delete a custom airport, or restore a reference airport\'s own values.' },
    'GET /api/uploads': { operationId: 'listUploads', summary: 'Uploaded files: the caller\'s own, or every file for catalogue managers.', query: UploadListQuery, answer: 'list' },
    'POST /api/uploads': { operationId: 'uploadFile', summary: 'Upload a file (an image or a PDF) for a purpose.', upload: 'multipart form: `file` (the file) and `purpose` (optional)', status: 201, errors: [429], notes: 'The read-only analyst is refused (403).' },
    'DELETE /api/uploads/:file_name': { operationId: 'deleteUpload', summary: 'Delete one of the caller\'s uploads (any upload for catalogue managers).', answer: 'message' },
    'GET /api/files/:file_name': { operationId: 'getFile', summary: 'An uploaded file: public ones to anyone, private ones to their owner and staff.', answer: 'file' },
  },
};
