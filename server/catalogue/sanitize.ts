/**
 * Rich text from the Quill editor, made safe before it is stored: an allow-list of tags and
 * attributes, Quill's own classes only, and links limited to http, https, mailto and tel. Everything else is
 * dropped; a link with any other scheme loses its address (as the editor does).
 */
import { createRequire } from 'node:module';
import type sanitizeHtmlType from 'sanitize-html';

// Required with the first rich text rather than imported at start-up: with its HTML and CSS parsers it was the
// largest module the server loaded (0.3-0.8 s of a start on a busy machine). It is CommonJS, so this is the same
// module an import would give.
let lib: typeof sanitizeHtmlType | null = null;
const sanitizeHtml = (html: string, options: sanitizeHtmlType.IOptions) => (lib ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtmlType)(html, options);

const QUILL_CLASS = /^ql-(align-(center|right|justify)|indent-[1-8]|direction-rtl|size-(small|large|huge)|font-(serif|monospace))$/;

const OPTIONS: sanitizeHtmlType.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'a', 'span', 'hr'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    li: ['data-list', 'class'],
    ol: ['class'],
    ul: ['class'],
    p: ['class'],
    span: ['class'],
    h1: ['class'], h2: ['class'], h3: ['class'], h4: ['class'],
    blockquote: ['class'],
    pre: ['class', 'spellcheck'],
  },
  allowedClasses: { '*': [QUILL_CLASS] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    // Every surviving link opens safely; a link whose scheme was refused keeps its text, not its address.
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      const ok = !!href && /^(https?:\/\/|mailto:|tel:)/i.test(href);
      const out: Record<string, string> = {};
      if (ok) {
        out.href = href!;
        if (/^https?:/i.test(href!)) Object.assign(out, { target: '_blank', rel: 'noopener noreferrer nofollow' });
      }
      return { tagName, attribs: out };
    },
  },
  allowedIframeHostnames: [],
};

/** Sanitised HTML; empty editor content (<p><br></p>) becomes an empty string. */
export function sanitizeRichText(input: string | null | undefined): string {
  const out = sanitizeHtml(input ?? '', OPTIONS).trim();
  return /^(<p>(<br ?\/?>|\s|&nbsp;)*<\/p>)*$/.test(out) ? '' : out;
}

/** Plain text of some rich text (for previews and emails). */
export function richTextToPlain(input: string): string {
  return sanitizeHtml(input, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
