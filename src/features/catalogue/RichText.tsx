import { lazy, Suspense } from 'react';
import { translateServer } from '../../i18n';
import { safeLink } from './link';

/**
 * Quill (react-quill-new) with links limited to http, https, mailto and tel. Loaded with the form only,
 * and its 24 KB stylesheet with it: public pages import RichView from here and must not block on it.
 */
const Editor = lazy(async () => {
  const [mod] = await Promise.all([import('react-quill-new'), import('react-quill-new/dist/quill.snow.css')]);
  const Quill = mod.Quill ?? (await import('quill')).default;
  const Link = Quill.import('formats/link') as unknown as { sanitize(url: string): string; PROTOCOL_WHITELIST: string[] };
  class SafeLink extends (Link as unknown as { new (...a: unknown[]): object }) {
    static sanitize(url: string) { return safeLink(url); }
  }
  (SafeLink as unknown as { PROTOCOL_WHITELIST: string[] }).PROTOCOL_WHITELIST = ['http', 'https', 'mailto', 'tel'];
  Quill.register('formats/link', SafeLink as never, true);
  return { default: mod.default };
});

const MODULES = {
  toolbar: [[{ header: [2, 3, false] }], ['bold', 'italic', 'underline', 'strike'], [{ list: 'ordered' }, { list: 'bullet' }], [{ align: [] }], ['link', 'blockquote'], ['clean']],
};
const FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'align', 'link', 'blockquote', 'indent', 'direction'];

/**
 * `lang`: the language the text is written in, and so its direction (an Arabic field is right to left on an English
 * page, an English one left to right on an Arabic page); unset, the page's.
 */
export function RichText({ name, label, value, onChange, error, lang }: { name: string; label: string; value: string; onChange: (html: string) => void; error?: string; lang?: 'en' | 'ar' }) {
  const id = `f-${name}`;
  return (
    <div className="field field-rich" data-field={name}>
      <span className="field-label" id={`${id}-label`}>{label}</span>
      <div lang={lang} dir={lang ? (lang === 'ar' ? 'rtl' : 'ltr') : undefined}>
        <Suspense fallback={<div className="rich-loading field-input" aria-busy="true" />}>
          {/* Only the reader's edits change the value: Quill rewrites loaded HTML in its own way ("" as "<p></p>"), which
              would otherwise count as an unsaved change the moment the form opens. */}
          <Editor theme="snow" value={value} onChange={(html, _delta, source) => { if (source === 'user') onChange(html); }} modules={MODULES} formats={FORMATS} aria-labelledby={`${id}-label`} />
        </Suspense>
      </div>
      {error ? <span className="field-error" role="alert">{translateServer(error)}</span> : null}
    </div>
  );
}

/** Shows stored (server-sanitised) rich text; `lang` and `dir` when it is not in the page's language. */
export function RichView({ html, className, lang, dir = 'auto' }: { html: string; className?: string; lang?: string; dir?: 'ltr' | 'rtl' | 'auto' }) {
  if (!html) return null;
  return <div className={`rich-view ql-editor ${className ?? ''}`} lang={lang} dir={dir} dangerouslySetInnerHTML={{ __html: html }} />;
}
