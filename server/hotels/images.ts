/**
 * Hotel and room pictures drawn on request as small SVGs, a pure function of the name (hotel id and picture
 * number, or room code): no external URL, nothing stored, the same picture on every server.
 */
import { hashString } from '../suppliers/flight/prng';

export const HOTEL_IMAGE = /^(\d{1,9}-\d{1,3})-(\d|[A-Z]{3})\.svg$/;

export function hotelImageSvg(name: string): string {
  const h = hashString(name);
  const hue = h % 360, sky = (hue + 180) % 360;
  const room = /-[A-Z]{3}\.svg$/.test(name);
  const body = room
    ? `<rect x="0" y="150" width="320" height="50" fill="hsl(${hue},25%,45%)"/><rect x="60" y="95" width="200" height="60" rx="8" fill="#f4f1ea"/>
<rect x="60" y="80" width="200" height="22" rx="6" fill="hsl(${hue},45%,55%)"/><rect x="75" y="100" width="60" height="18" rx="6" fill="#fff"/><rect x="185" y="100" width="60" height="18" rx="6" fill="#fff"/>
<rect x="230" y="30" width="60" height="45" fill="hsl(${sky},60%,80%)" stroke="#fff" stroke-width="4"/>`
    : (() => {
      const floors = 4 + (h >> 9) % 8, cols = 3 + (h >> 13) % 4, w = cols * 22 + 16, x0 = 160 - w / 2, top = 190 - floors * 18 - 10;
      let windows = '';
      for (let f = 0; f < floors; f++) for (let c = 0; c < cols; c++) {
        const lit = (hashString(`${name}${f}.${c}`) & 3) === 0;
        windows += `<rect x="${x0 + 10 + c * 22}" y="${top + 10 + f * 18}" width="12" height="10" fill="${lit ? '#ffd76a' : `hsl(${sky},40%,75%)`}"/>`;
      }
      return `<rect x="0" y="185" width="320" height="15" fill="hsl(${hue},20%,35%)"/><rect x="${x0}" y="${top}" width="${w}" height="${190 - top}" fill="hsl(${hue},30%,${40 + (h >> 17) % 25}%)"/>${windows}`;
    })();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="320" height="200" role="img"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${sky},70%,70%)"/><stop offset="1" stop-color="hsl(${sky},60%,92%)"/></linearGradient></defs><rect width="320" height="200" fill="url(#s)"/>${body}</svg>`;
}
