/** Rich-text links accept only http, https, mailto and tel; any other address is blanked. */
export const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)/i;
export function safeLink(url: string): string {
  const u = (url ?? '').trim();
  // Browsers ignore tabs and newlines inside a scheme ("java\tscript:"); so do we before checking.
  const squashed = u.replace(/[\u0000-\u0020]/g, '');
  return SAFE_LINK.test(squashed) && squashed === u.replace(/\s/g, '') ? u : '';
}
