import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { setupApi } from '../support/api';
import { chooseEncoding } from '../../server/http/compress';

const api = await setupApi();
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const searchPath = `/api/flights?${new URLSearchParams({ flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: day(20), adults: '1' })}`;

describe('compressed answers', () => {
  it('sends JSON as brotli when the client accepts it, gzip otherwise, plain when it accepts neither', async () => {
    const plain = await api.app.request(searchPath);
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(text.length).toBeGreaterThan(10_000);

    const br = await api.app.request(searchPath, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(text.length / 4);
    expect(JSON.parse(brotliDecompressSync(brBody).toString()).flights.length).toBe(JSON.parse(text).flights.length);
    // The same answer either way, but for what the issue time changes (ids, expiry) when a second turns.
    const timeless = (t: string) => t.replace(/"(id|expires_at)":"[^"]*"/g, '"$1":""');
    expect(timeless(brotliDecompressSync(brBody).toString())).toBe(timeless(text));
    expect(plain.headers.get('content-type')).toBe('application/json');
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);

    const gz = await api.app.request(searchPath, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).flights.length).toBe(JSON.parse(text).flights.length);
  });

  it('leaves small answers alone', async () => {
    const res = await api.app.request('/api/user', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toMatchObject({ data: null });
  });

  it('an answer that chose its own encoding passes the middleware untouched, small or large', async () => {
    // A short autocomplete answer: under the threshold, so sent plain, once, saying it varies by encoding once.
    const small = await api.app.request('/api/hotel-destinations?q=mak', { headers: { 'accept-encoding': 'br' } });
    const text = await small.text();
    expect(text.length).toBeLessThan(1024);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toBe('accept-encoding');
    expect(JSON.parse(text).data.length).toBeGreaterThan(0);
    // A longer one is brotli, encoded by the answer itself (and not a second time by the middleware).
    const large = await api.app.request('/api/airports?q=a&limit=50', { headers: { 'accept-encoding': 'br' } });
    expect(large.headers.get('content-encoding')).toBe('br');
    expect(large.headers.get('vary')).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await large.arrayBuffer())).toString()).data).toHaveLength(50);
  });

  it('reads the Accept-Encoding header as HTTP means it', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
