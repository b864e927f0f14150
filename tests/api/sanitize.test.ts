import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../server/catalogue/sanitize';
import { expectHarmless, XSS_CORPUS } from '../support/catalogue';

describe('sanitizeRichText', () => {
  it.each(XSS_CORPUS)('makes %s harmless', (payload) => {
    expectHarmless(sanitizeRichText(payload));
    expectHarmless(sanitizeRichText(`<p>before</p>${payload}<p>after</p>`));
  });

  it('keeps what the Quill editor produces', () => {
    const quill = '<h2>Dubai</h2><p class="ql-align-center"><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <s>strike</s></p>'
      + '<ol><li data-list="bullet">one</li><li data-list="ordered" class="ql-indent-1">two</li></ol><blockquote>quote</blockquote>'
      + '<p><a href="https://example.com/x?y=1" rel="noopener noreferrer" target="_blank">link</a></p>';
    const out = sanitizeRichText(quill);
    expect(out).toContain('<h2>Dubai</h2>');
    expect(out).toContain('<p class="ql-align-center"><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <s>strike</s></p>');
    expect(out).toContain('<li data-list="ordered" class="ql-indent-1">two</li>');
    expect(out).toContain('<a href="https://example.com/x?y=1" target="_blank" rel="noopener noreferrer nofollow">link</a>');
  });

  it('keeps mailto and tel links, blanks other schemes but keeps their text', () => {
    expect(sanitizeRichText('<a href="mailto:desk@safar.example">mail</a>')).toBe('<a href="mailto:desk@safar.example">mail</a>');
    expect(sanitizeRichText('<a href="tel:+92211234567">call</a>')).toBe('<a href="tel:+92211234567">call</a>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="ftp://example.com">x</a>')).toBe('<a>x</a>');
  });

  it('turns an empty editor into an empty string', () => {
    expect(sanitizeRichText('<p><br></p>')).toBe('');
    expect(sanitizeRichText('<p><br></p><p> </p>')).toBe('');
    expect(sanitizeRichText(null)).toBe('');
  });

  it('escapes text that looks like markup', () => {
    expect(sanitizeRichText('<p>1 &lt; 2 &amp; 3 &gt; 2</p>')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>');
  });
});

describe('the editor link sanitiser (app)', async () => {
  const { safeLink } = await import('../../src/features/catalogue/link');
  it.each(['https://example.com', 'http://example.com/x', 'mailto:a@b.example', 'tel:+923001234567', 'HTTPS://EXAMPLE.COM'])('keeps %s', (url) => {
    expect(safeLink(url)).toBe(url);
  });
  it.each(['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example', 'ftp://x', '/relative', 'sms:123', ''])('blanks %j', (url) => {
    expect(safeLink(url)).toBe('');
  });
});
