import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/**
 * Answers below this size are compressed in place with a window that fits them; only larger ones go to the
 * thread pool. On the pool every call allocated brotli's full 4 MB window, reported to V8 as external memory:
 * a 115 KB flight search cost 1.1 ms of CPU there, most of it in the garbage collections that memory forced
 * (268 in 1,600 calls), against 0.27 ms in place, which blocks the event loop for about that long.
 */
const SYNC_BELOW = 1024 * 1024;

/** Brotli quality and gzip level: `fast` for answers made once per request and sent once (see jsonAnswer). */
interface Effort { br: number; gzip: number }
const STANDARD: Effort = { br: 4, gzip: 6 };
const FAST: Effort = { br: 0, gzip: 1 };

const brotliOptions = (size: number, effort: Effort) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: effort.br, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
/**
 * In place (small answers), the window fits the answer: brotli's default 4 MB window is allocated and cleared for
 * each call, which made a 4 KB JSON answer cost 75 µs instead of 26 µs, for the same output. Not on the thread
 * pool: windows of many sizes there grew the process by 330 MB over 5,000 searches (bench:memory), against 80.
 */
const windowBits = (size: number) => Math.min(22, Math.max(10, Math.ceil(Math.log2(size + 1))));
function encodeSync(raw: Buffer, encoding: 'br' | 'gzip', effort = STANDARD): Buffer {
  if (encoding === 'gzip') return gzipSync(raw, { level: effort.gzip });
  const options = brotliOptions(raw.length, effort);
  return brotliCompressSync(raw, { params: { ...options.params, [constants.BROTLI_PARAM_LGWIN]: windowBits(raw.length) } });
}

/** Small answers in place, large ones on the thread pool (see SYNC_BELOW). */
function encode(raw: Buffer, encoding: 'br' | 'gzip', effort = STANDARD): Buffer | Promise<Buffer> {
  if (raw.length < SYNC_BELOW) return encodeSync(raw, encoding, effort);
  return encoding === 'br' ? brotli(raw, brotliOptions(raw.length, effort)) : gz(raw, { level: effort.gzip });
}

/**
 * A large JSON answer made for one request (a flight search), encoded here straight from its text: through
 * `c.json` and the compress middleware the text became a Response, was read back through a body stream and
 * copied twice before compressing, which cost more than the compression itself. Same headers and bytes.
 * Compressed with the least effort: such an answer is made once and sent once. Brotli quality 1 cost a third of
 * quality 4 (0.08 against 0.25 ms for a 115 KB search) for 6.7 KB instead of 5.4 KB, and quality 0 costs 0.10
 * against 0.17 ms for quality 1 on today's 33 KB searches, for 4.4 KB instead of 4.0. A new booking's answer (its
 * 8 KB itinerary) is one too.
 */
export async function jsonAnswer(c: Context, value: unknown, threshold = 1024, status: ContentfulStatusCode = 200): Promise<Response> {
  c.set(ANSWER_ENCODED, true);
  const raw = Buffer.from(JSON.stringify(value));
  const encoding = raw.length >= threshold ? chooseEncoding(c.req.header('accept-encoding')) : null;
  const headers: Record<string, string> = { 'content-type': 'application/json', vary: 'accept-encoding' };
  if (!encoding) return c.body(raw as Uint8Array<ArrayBuffer>, status, headers);
  const body = await encodeOnce(raw, encoding);
  return c.body(body as Uint8Array<ArrayBuffer>, status, { ...headers, 'content-encoding': encoding });
}

/** An answer's text encoded as jsonAnswer sends it: made once and sent once, with the least effort. */
export const encodeOnce = (raw: Buffer, encoding: 'br' | 'gzip') => encode(raw, encoding, FAST);

/**
 * Set by the answers above, which choose their encoding themselves (or none, when small or not accepted), so that
 * the compress middleware leaves them alone: checking a body, it turned @hono/node-server's light response into a
 * full one with a stream, and an answer under the threshold was then read and wrapped into two more Responses.
 * That was ~15% of the CPU of an autocomplete answer too small to compress.
 */
export const ANSWER_ENCODED = 'answerEncoded';

/** Text answers worth compressing: HTML, JSON, JavaScript, CSS, SVG, plain text. */
const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

/** The encodings the client takes, ours first: br (about a fifth smaller than gzip on our JSON), then gzip. */
export function acceptedEncodings(accept: string | undefined): ('br' | 'gzip')[] {
  if (!accept) return [];
  const q = (name: string) => {
    const m = accept.match(new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=([0-9.]+))?\\s*(?:,|$)`, 'i'));
    return m ? (m[1] === undefined ? 1 : Number(m[1])) : 0;
  };
  return (['br', 'gzip'] as const).filter((name) => q(name) > 0);
}

/** br when the client takes it, else gzip, else nothing. */
export function chooseEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  return acceptedEncodings(accept)[0] ?? null;
}

/**
 * Compresses text answers the client accepts compressed. Brotli quality 4 costs about what gzip 6 does in CPU
 * and saves more; answers past SYNC_BELOW are compressed on libuv's thread pool. Answers already encoded
 * (precompressed static files and jsonAnswer's) and small ones are left alone.
 */
export function compress(opts: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = opts.threshold ?? 1024;
  return async (c, next) => {
    await next();
    if (c.get(ANSWER_ENCODED)) return;
    const res = c.res;
    // The header first: reading `body` turns @hono/node-server's light response into a full one with a stream.
    if (c.req.method === 'HEAD' || res.headers.has('content-encoding') || !res.body) return;
    if (!COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return;
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('cache-control') ?? '')) return;
    res.headers.append('vary', 'accept-encoding');
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    const length = Number(res.headers.get('content-length') ?? NaN);
    if (length < threshold) return;
    const raw = Buffer.from(await res.arrayBuffer());
    const body = raw.length >= threshold ? await encode(raw, encoding) : raw;
    c.res = new Response(new Uint8Array(body) as Uint8Array<ArrayBuffer>, res);
    c.res.headers.delete('content-length');
    if (body !== raw) c.res.headers.set('content-encoding', encoding);
  };
}

/**
 * An answer sent many times over (a cached autocomplete answer, the API document, the reference page's script):
 * each encoding is made once, on first ask, and sent as it is, so the compress middleware has nothing left to do.
 */
export class EncodedText {
  private readonly raw: Buffer;
  private readonly encoded: Partial<Record<'br' | 'gzip', Buffer>> = {};
  constructor(text: string, private readonly threshold = 1024, private readonly type = 'application/json') { this.raw = Buffer.from(text); }

  respond(c: Context, extra: Record<string, string> = {}): Response {
    c.set(ANSWER_ENCODED, true);
    const encoding = this.raw.length >= this.threshold ? chooseEncoding(c.req.header('accept-encoding')) : null;
    const headers: Record<string, string> = { 'content-type': this.type, vary: 'accept-encoding', ...extra };
    if (!encoding) return c.body(this.raw as Uint8Array<ArrayBuffer>, 200, headers);
    const body = (this.encoded[encoding] ??= encodeSync(this.raw, encoding));
    return c.body(body as Uint8Array<ArrayBuffer>, 200, { ...headers, 'content-encoding': encoding });
  }
}
