import type { Context } from 'hono';

export type ReaderLang = 'en' | 'ar';

/**
 * The reader's language, as the app tells every request (Accept-Language: the page's language); English unless it
 * is Arabic. Answers that name things (hotels, rooms, places) are given in it.
 */
export const readerLang = (c: Context): ReaderLang => (c.req.header('accept-language')?.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en');
