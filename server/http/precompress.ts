/**
 * The built app's text files compressed once, at `npm run build`, beside each file (`app.js.br`, `app.js.gz`):
 * brotli at its highest quality and gzip at level 9 cost seconds per megabyte, too slow for a request but free at a
 * build, and smaller than anything a request could afford. The static handler (static.ts) sends them as they are.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Text the app's pages load. Source maps are left out: only developer tools fetch them, and they are three times
 * the size of the rest (brotli's highest quality on them would add ~10 s to every build).
 */
export const PRECOMPRESSED_TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;

/** The variants beside a file, in the order a client that takes both is given them (brotli is the smaller). */
export const VARIANTS = [{ encoding: 'br', suffix: '.br' }, { encoding: 'gzip', suffix: '.gz' }] as const;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const encoders: Record<(typeof VARIANTS)[number]['encoding'], (raw: Buffer) => Promise<Buffer>> = {
  br: (raw) => brotli(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  }),
  gzip: (raw) => gz(raw, { level: constants.Z_BEST_COMPRESSION }),
};

/** Text files under `dir`, dot folders (Vite's manifest) left out: the server never sends those. */
async function textFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await textFiles(path)));
    else if (entry.isFile() && PRECOMPRESSED_TEXT.test(entry.name)) out.push(path);
  }
  return out;
}

export interface PrecompressResult { files: number; bytes: number; br: number; gzip: number; written: number; reused: number }

/**
 * Encodings made by earlier builds, by the content's hash: most hashed assets come out of a rebuild byte for byte
 * as before, and brotli's highest quality costs ~7 s of CPU for the whole app. Written whole or not at all (a
 * build in another worktree may share the folder); entries no build has used for a week are removed.
 */
class EncodingCache {
  private readonly used = new Set<string>();
  constructor(private readonly dir: string) {}

  async get(raw: Buffer, encoding: string, make: () => Promise<Buffer>): Promise<{ packed: Buffer; reused: boolean }> {
    const name = `${createHash('sha256').update(raw).digest('hex')}.${encoding}`;
    const path = join(this.dir, name);
    this.used.add(name);
    try {
      const packed = await readFile(path);
      const now = new Date();
      await utimes(path, now, now);
      return { packed, reused: true };
    } catch { /* not made yet */ }
    const packed = await make();
    await mkdir(this.dir, { recursive: true });
    const work = `${path}.${process.pid}`;
    await writeFile(work, packed);
    await rename(work, path);
    return { packed, reused: false };
  }

  async prune(maxAgeMs = 7 * 86_400_000): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      if (this.used.has(name)) continue;
      const s = await stat(join(this.dir, name)).catch(() => null);
      if (s && Date.now() - s.mtimeMs > maxAgeMs) await rm(join(this.dir, name), { force: true });
    }
  }
}

/**
 * Writes `.br` and `.gz` beside every text file under `dir`; a variant not smaller than its file is not written
 * (and an older one removed), so the handler sends the file itself. The encoders run on libuv's thread pool,
 * a few files at once; with `cacheDir`, encodings an earlier build made of the same bytes are reused.
 */
export async function precompressDir(dir: string, opts: { cacheDir?: string; parallel?: number } = {}): Promise<PrecompressResult> {
  const files = await textFiles(dir);
  const cache = opts.cacheDir ? new EncodingCache(opts.cacheDir) : null;
  const result: PrecompressResult = { files: files.length, bytes: 0, br: 0, gzip: 0, written: 0, reused: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      const raw = await readFile(file);
      result.bytes += raw.length;
      for (const { encoding, suffix } of VARIANTS) {
        const make = () => encoders[encoding](raw);
        const { packed, reused } = cache ? await cache.get(raw, encoding, make) : { packed: await make(), reused: false };
        if (reused) result.reused++;
        if (packed.length < raw.length) {
          await writeFile(file + suffix, packed);
          result[encoding] += packed.length;
          result.written++;
        } else {
          await rm(file + suffix, { force: true });
          result[encoding] += raw.length;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: opts.parallel ?? 4 }, worker));
  await cache?.prune();
  return result;
}
