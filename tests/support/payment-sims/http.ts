/**
 * What the two payment simulators share: a node:http server on 127.0.0.1, request bodies read the way the
 * providers accept them (JSON or an HTML form), JSON and HTML answers, the auto-posting page a hosted checkout
 * uses to send the customer's browser back to the merchant, and the command-line start.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export interface SimRequest {
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  url: URL;
  /** Header names in lower case, as node:http gives them. */
  headers: Record<string, string>;
  /** Parsed JSON, the fields of a urlencoded form, the raw text of anything else, or null when empty. */
  body: unknown;
}

export type Handler = (req: SimRequest, res: ServerResponse) => Promise<void> | void;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(raw: string, contentType: string): unknown {
  if (!raw) return null;
  if (contentType.includes('application/json')) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (contentType.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return raw;
}

export async function readRequest(req: IncomingMessage): Promise<SimRequest> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  const raw = await readBody(req);
  const path = req.url ?? '/';
  return { method: req.method ?? 'GET', path, url: new URL(path, 'http://sim.invalid'), headers, body: parseBody(raw, headers['content-type'] ?? '') };
}

/** A body's fields as strings (JSON objects and forms alike), or null when it is neither. */
export function fieldsOf(body: unknown): Record<string, string> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) out[k] = v === null || v === undefined ? '' : String(v);
  return out;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** A page that POSTs `fields` to `action` as soon as it loads; the button is there for browsers without script. */
export function autoPostPage(title: string, action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n    ');
  return page(title, `<p>Returning you to the merchant…</p>
  <form id="return" method="post" action="${escapeHtml(action)}">
    ${inputs}
    <noscript><button type="submit">Continue</button></noscript>
  </form>
  <script>document.getElementById('return').submit();</script>`);
}

export function page(title: string, body: string, style = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{padding:.6rem 1.2rem;font-size:1rem;margin:.75rem .5rem .75rem 0}.error{color:#b00020}.muted{color:#555;font-size:.9rem}
${style}</style></head>
<body>
  ${body}
</body></html>`;
}

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** Serves `handler` on 127.0.0.1 (`port` 0 picks a free one); a handler's throw answers 500 with its message. */
export function listen(handler: Handler, port = 0): Promise<Listening> {
  const server = createServer((req, res) => {
    readRequest(req)
      .then((r) => handler(r, res))
      .catch((e: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: e instanceof Error ? e.message : String(e) });
        else res.end();
      });
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      ok({
        url: `http://127.0.0.1:${bound}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // A browser's keep-alive connection would otherwise hold close() open.
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** True when `moduleUrl` is the script node was started with (not when a test imports it). */
export function isMain(moduleUrl: string): boolean {
  return !!process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === moduleUrl;
}

export function cliOptions(): { port?: number; webhookUrl?: string } {
  const { values } = parseArgs({ options: { port: { type: 'string' }, 'webhook-url': { type: 'string' } }, strict: false });
  const port = typeof values.port === 'string' ? Number(values.port) : undefined;
  return { port, webhookUrl: typeof values['webhook-url'] === 'string' ? values['webhook-url'] : undefined };
}

/** Keeps a command-line simulator up until Ctrl-C or a TERM signal. */
export function closeOnSignal(close: () => Promise<void>): void {
  const stop = () => void close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
