import type * as v from 'valibot';
import { airportInput } from '../../contract/reference-data';
import { countryByCode } from '../reference';

export const AIRPORT_MESSAGES = {
  saved: 'Airport saved successfully',
  deleted: 'Airport deleted successfully',
  restored: 'Airport restored to the reference data',
  notFound: 'This airport was not found.',
  exists: 'An airport with this code already exists.',
  unchanged: 'This airport has no changes to undo.',
  inUse: 'Group tickets use this airport; deactivate it instead.',
} as const;

/** POST /airports and PUT /airports/{code}; on PUT the code comes from the path. */
export const AirportInput = airportInput((code) => !!countryByCode(code));
export type AirportInput = v.InferOutput<typeof AirportInput>;
