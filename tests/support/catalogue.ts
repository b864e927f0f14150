import { expect } from 'vitest';
import { ALL_IDENTITIES, type Identity, type TestClient } from './api';
import { fileForm, PDF_MIN, PNG_1x1 } from './upload-fixtures';

type Api = { as(who: Identity): Promise<TestClient> };

/** Expected status of a catalogue write for each identity: only admin holds catalogue.manage. */
export const writeStatus = (who: Identity, ok: number) => (who === 'anonymous' ? 401 : who === 'admin' ? ok : 403);

export async function uploadImage(api: Api, bytes: Uint8Array = PNG_1x1): Promise<string> {
  const res = await (await api.as('admin')).post('/api/uploads', fileForm(bytes, 'image.png'));
  expect(res.status).toBe(201);
  return res.body.data.file_name;
}
export const uploadPdf = (api: Api) => uploadImage(api, PDF_MIN);

/** Tries one call as every identity; `make` returns the call for a client. */
export async function roleMatrix(api: Api, call: (c: TestClient) => Promise<{ status: number }>, expected: (who: Identity) => number) {
  const seen: Record<string, number> = {};
  const want: Record<string, number> = {};
  for (const who of ALL_IDENTITIES) {
    seen[who] = (await call(await api.as(who))).status;
    want[who] = expected(who);
  }
  expect(seen).toEqual(want);
}

/** XSS payloads that must come back harmless from any rich-text field. */
export const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="  javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="//evil.example/x">protocol relative</a>',
  '<a href="https://ok.example" onclick="alert(1)" style="x:expression(alert(1))">ok</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<div onmouseover="alert(1)">hover</div>',
  '<form action="https://evil.example"><input name=x><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<body onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<style>@import "https://evil.example/x.css";</style>',
  '<p class="ql-align-center x-evil" id="x" data-x="y">quill</p>',
  '<img src="https://tracker.example/pixel.gif">',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<template><script>alert(1)</script></template>',
  '<video><source onerror="alert(1)"></video>',
  '<details open ontoggle=alert(1)>',
  '<a href="tel:+923001234567">call</a><a href="mailto:a@b.example">mail</a>',
];

/** What harmless means: no script-capable tags, no event handlers, no dangerous URLs, no style, no ids. */
export function expectHarmless(html: string) {
  expect(html).not.toMatch(/<\s*(script|iframe|object|embed|svg|math|img|style|link|meta|base|form|input|button|body|template|video|source|details|noscript|div)\b/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(javascript|vbscript|data):/i);
  expect(html).not.toMatch(/href="\/\//i);
  expect(html).not.toMatch(/\s(style|id|data-x)\s*=/i);
  for (const m of html.matchAll(/href="([^"]*)"/g)) expect(m[1]).toMatch(/^(https?:|mailto:|tel:)/);
  for (const m of html.matchAll(/class="([^"]*)"/g)) expect(m[1]).toMatch(/^(ql-[a-z0-9-]+\s?)+$/);
}
