import * as v from 'valibot';

/**
 * page / per_page of every list, defined once. Bounded so the offset stays a number the database
 * takes ("page=1e20" would otherwise be an out-of-range error inside the query, a 500).
 */
export const MAX_PAGE = 100_000;

export const pageField = v.optional(
  v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'The page must be a number.'), v.transform(Number), v.minValue(1, 'The page must be at least 1.'), v.maxValue(MAX_PAGE, `The page may not be greater than ${MAX_PAGE}.`)),
  '1',
);

export const perPageField = (max: number, fallback: number) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'The per page must be a number.'), v.transform(Number), v.minValue(1, 'The per page must be at least 1.'), v.maxValue(max, `The per page may not be greater than ${max}.`)),
    String(fallback),
  );
