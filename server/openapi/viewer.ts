/**
 * The API reference page: Swagger UI (swagger-ui-dist, served from node_modules, never from a CDN) over
 * /api/openapi.json. The app's policy runs only scripts from our own origin, so the page's set-up is a file of its
 * own (docs.js) rather than an inline script.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { EncodedText } from '../http/compress';

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Safar API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs.js"></script>
</body>
</html>
`;

/** Swagger UI's set-up. "Try it out" calls from this origin with the session cookie, so a change copies the XSRF cookie into its header as the app does. */
const DOCS_JS = `window.addEventListener('load', function () {
  var xsrf = function () {
    var m = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/);
    return m ? decodeURIComponent(m[1]) : null;
  };
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    requestInterceptor: function (req) {
      var token = xsrf();
      if (token && !/^(GET|HEAD|OPTIONS)$/i.test(req.method || 'GET')) req.headers['X-XSRF-TOKEN'] = token;
      return req;
    },
  });
});
`;

/** The files the page loads, by the name it asks for: where each comes from and what it is. */
const ASSETS: Record<string, { type: string; file?: string; text?: string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'docs.js': { type: 'text/javascript; charset=utf-8', text: DOCS_JS },
};

const distDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const kept = new Map<string, Promise<EncodedText>>();

/** An asset of the page, read and compressed once (the bundle is 1.4 MB), or null when the page has no such file. */
export function docsAsset(name: string): Promise<EncodedText> | null {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) return null;
  let answer = kept.get(name);
  if (!answer) {
    answer = (asset.text !== undefined ? Promise.resolve(asset.text) : readFile(join(distDir(), asset.file!), 'utf8'))
      .then((text) => new EncodedText(text, 1024, asset.type));
    kept.set(name, answer);
    answer.catch(() => kept.delete(name));
  }
  return answer;
}
