/**
 * Fetches the results screen (and the booking flow) once the user starts on a search form, so pressing search waits
 * only for the search; a visit that only looks at the page does not download them. Passed to the form by the pages
 * that hold it, so the form itself never names the results screen (which holds the form).
 */
export const prefetchResults = () => { void import('./Results'); };
