/** Small generated PNGs for the demo catalogue (flags as stripes, banners as skies over sea or sand). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type RGB = [number, number, number];
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** Encodes an RGB image given a pixel function. */
export function png(width: number, height: number, pixel: (x: number, y: number) => RGB): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = r; raw[row + 2 + x * 3] = g; raw[row + 3 + x * 3] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const hex = (h: string): RGB => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const mix = (a: RGB, b: RGB, t: number): RGB => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as RGB;

/** A flag of stripes; `hoist` draws a band at the start (like the UAE's red one). */
export function flag(colors: string[], opts: { vertical?: boolean; hoist?: string } = {}): Buffer {
  const w = 90, h = 60, cs = colors.map(hex), hoist = opts.hoist ? hex(opts.hoist) : null;
  return png(w, h, (x, y) => {
    if (hoist && x < w / 4) return hoist;
    const t = opts.vertical ? x / w : y / h;
    return cs[Math.min(cs.length - 1, Math.floor(t * cs.length))];
  });
}

/** A landscape: sky gradient, a sun, and sea or sand below with soft bands. */
export function scene(sky: [string, string], ground: [string, string], sun = '#ffd27a', w = 960, h = 360, sunX = 0.72): Buffer {
  const s0 = hex(sky[0]), s1 = hex(sky[1]), g0 = hex(ground[0]), g1 = hex(ground[1]), sc = hex(sun);
  const horizon = Math.round(h * 0.64), cx = w * sunX, cy = h * 0.42, rad = h * 0.13;
  return png(w, h, (x, y) => {
    if (y >= horizon) {
      const t = (y - horizon) / (h - horizon);
      const band = Math.sin((y + x * 0.04) * 0.35) * 0.04;
      return mix(g0, g1, Math.min(1, Math.max(0, t + band)));
    }
    const d = Math.hypot(x - cx, y - cy);
    const base = mix(s0, s1, y / horizon);
    if (d < rad) return sc;
    if (d < rad * 2.2) return mix(sc, base, (d - rad) / (rad * 1.2));
    return base;
  });
}

/** Every demo catalogue image by file name. */
export const DEMO_IMAGES: Record<string, () => Buffer> = {
  'flag-ae.png': () => flag(['#00732f', '#ffffff', '#000000'], { hoist: '#ff0000' }),
  'flag-sa.png': () => flag(['#006c35']),
  'flag-tr.png': () => flag(['#e30a17']),
  'flag-gb.png': () => flag(['#012169', '#ffffff', '#c8102e', '#ffffff', '#012169']),
  'flag-fr.png': () => flag(['#0055a4', '#ffffff', '#ef4135'], { vertical: true }),
  'flag-my.png': () => flag(['#cc0001', '#ffffff', '#cc0001', '#ffffff', '#cc0001', '#ffffff'], { hoist: '#010066' }),
  'flag-th.png': () => flag(['#a51931', '#f4f5f8', '#2d2a4a', '#2d2a4a', '#f4f5f8', '#a51931']),
  'flag-az.png': () => flag(['#0092bc', '#e4002b', '#00af66']),
  'dubai.png': () => scene(['#2b5876', '#f7b267'], ['#e9c46a', '#d4a373']),
  'istanbul.png': () => scene(['#283c86', '#f4a261'], ['#1d6fa3', '#0b3d5c'], '#ffe8a3', 960, 360, 0.3),
  'baku.png': () => scene(['#0f2027', '#2c5364'], ['#3a7ca5', '#16425b'], '#fdf0d5'),
  'malaysia.png': () => scene(['#56ccf2', '#d4f1f9'], ['#2a9d8f', '#1b4332'], '#fff3b0', 960, 360, 0.2),
  'maldives.png': () => scene(['#4facfe', '#c2f0fc'], ['#00c9a7', '#0081a7'], '#fff6cc'),
  'makkah.png': () => scene(['#3a1c71', '#ffaf7b'], ['#d9b382', '#a47148'], '#fff1c1', 960, 360, 0.5),
  'madinah.png': () => scene(['#134e5e', '#71b280'], ['#e8d5b5', '#b08968'], '#fffbe6', 960, 360, 0.35),
  'sky.png': () => scene(['#1e3c72', '#a8c0ff'], ['#dfe7fd', '#b6ccfe'], '#ffffff', 960, 360, 0.8),
};

/** Where `npm run build` renders them (server/cli/build.ts). */
export const DEMO_IMAGES_DIR = fileURLToPath(new URL('../../dist/demo-images', import.meta.url));

/**
 * A demo image's bytes, rendered by the build: eight 960×360 banners drawn per pixel and deflated at level 9 cost
 * a first start seconds of CPU (4.5 s at load 18 on 2 cores). Without a build they are drawn here, the same bytes.
 */
export function demoImage(name: string): Buffer {
  try {
    return readFileSync(join(DEMO_IMAGES_DIR, name));
  } catch {
    return DEMO_IMAGES[name]();
  }
}
