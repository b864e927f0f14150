/**
 * The default network as `npm run build` saved it (dist/flight-network.bin), read back at start in tens of
 * milliseconds instead of built in one to several seconds: a restarted server's first search found no network and
 * waited for the build. The network is a pure function of the reference data, its code and the seed, so the file
 * carries a stamp of those and is taken only when the stamp is this code's and data's; otherwise the server
 * builds the network as before.
 *
 * Layout: "SAFARNET", the header's length (u32), the header (JSON: stamp, counts, carriers), then typed arrays,
 * each at a multiple of 8 bytes: what the build decided, from which network-assemble.ts makes the rest.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { airports as loadAirports } from '../../reference';
import { airportGeometry, assembleNetwork } from './network-assemble';
import { FlightNumbers, type NumberedFlight } from './flight-numbers';
import type { Carrier, Network, Route, Service } from './network-types';

export const NETWORK_SNAPSHOT = fileURLToPath(new URL('../../../dist/flight-network.bin', import.meta.url));
const MAGIC = 'SAFARNET';
const FORMAT = 1;

/** What the network is made from: changing any of these changes the stamp. */
const INPUTS = [
  './network.ts', './network-assemble.ts', './network-snapshot.ts', './carriers.ts', './connectivity.ts', './aircraft.ts', './prng.ts', './geo.ts',
  '../../reference/index.ts', '../../reference/data/airports.json', '../../reference/data/airlines.json', '../../reference/data/countries.json',
];

/** The stamp of the network this code and data make for `seed`; null when one of the inputs cannot be read. */
export function networkStamp(seed = 1): string | null {
  const h = createHash('sha256').update(`${MAGIC}${FORMAT}:${seed}`);
  try {
    for (const f of INPUTS) h.update(f).update(readFileSync(new URL(f, import.meta.url)));
  } catch {
    return null;
  }
  return h.digest('hex');
}

interface Header {
  format: number; stamp: string; seed: number; airports: number; routes: number; services: number; flights: number;
  /** code, name, country, hubs, tier, lcc, pref */
  carriers: [string, string, string, number[], 1 | 2 | 3, boolean, number][];
}

/** The arrays after the header, in the order they are written: each one's type and the count that is its length. */
const ARRAYS = {
  weight: [Float64Array, 'airports'], km: [Float64Array, 'routes'], o: [Int32Array, 'routes'], d: [Int32Array, 'routes'], count: [Int32Array, 'routes'],
  flightRoute: [Int32Array, 'flights'], flightService: [Int32Array, 'flights'],
  carrier: [Uint16Array, 'services'], flightNo: [Uint16Array, 'services'], depMin: [Uint16Array, 'services'], blockMin: [Uint16Array, 'services'],
  days: [Uint8Array, 'services'], aircraft: [Uint8Array, 'services'], depTerminal: [Uint8Array, 'services'], arrTerminal: [Uint8Array, 'services'],
} as const;
type Arrays = { [K in keyof typeof ARRAYS]: InstanceType<(typeof ARRAYS)[K][0]> };
const entries = Object.entries(ARRAYS) as [keyof Arrays, (typeof ARRAYS)[keyof Arrays]][];
const align8 = (n: number) => Math.ceil(n / 8) * 8;

/** The saved form of `net`; throws if a value does not fit its field (the file would read back as another network). */
export function encodeNetwork(net: Network, stamp: string): Buffer {
  const services = net.routes.reduce((n, r) => n + r.services.length, 0);
  const header: Header = {
    format: FORMAT, stamp, seed: net.seed, airports: net.airports.length, routes: net.routes.length, services, flights: net.flights.size,
    carriers: net.carriers.map((c) => [c.code, c.name, c.country, c.hubs, c.tier, c.lcc, c.pref]),
  };
  const a = Object.fromEntries(entries.map(([name, [T, count]]) => [name, new T(header[count])])) as Arrays;
  a.weight.set(net.weight);
  const fits = (v: number, max: number, what: string) => {
    if (!Number.isInteger(v) || v < 0 || v > max) throw new Error(`network snapshot: ${what} ${v} does not fit`);
    return v;
  };
  const terminal = (t: string) => fits(String(Number(t)) === t ? Number(t) : NaN, 255, 'terminal');
  let s = 0;
  net.routes.forEach((r, i) => {
    if (r.idx !== i) throw new Error('network snapshot: routes out of order');
    a.km[i] = r.km; a.o[i] = r.o; a.d[i] = r.d; a.count[i] = r.services.length;
    for (const x of r.services) {
      a.carrier[s] = fits(x.carrier, 0xffff, 'carrier'); a.flightNo[s] = fits(x.flightNo, 0xffff, 'flight number');
      a.depMin[s] = fits(x.depMin, 0xffff, 'departure'); a.blockMin[s] = fits(x.blockMin, 0xffff, 'block time');
      a.days[s] = fits(x.days, 0xff, 'days'); a.aircraft[s] = fits(x.aircraft, 0xff, 'aircraft');
      a.depTerminal[s] = terminal(x.depTerminal); a.arrTerminal[s] = terminal(x.arrTerminal);
      s++;
    }
  });
  let f = 0;
  for (const [key, { route, service }] of net.flights) {
    // The key is read back from the flight it names: it must be that flight's own.
    const x = net.routes[route].services[service];
    if (`${net.carriers[x.carrier].code}${x.flightNo}` !== key) throw new Error(`network snapshot: flight ${key} names another flight`);
    a.flightRoute[f] = route; a.flightService[f] = service; f++;
  }
  const head = Buffer.from(JSON.stringify(header));
  const start = align8(MAGIC.length + 4 + head.length);
  const size = Object.values(a).reduce((n, arr) => align8(n + arr.byteLength), start);
  const out = Buffer.alloc(size);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(head.length, MAGIC.length);
  head.copy(out, MAGIC.length + 4);
  let at = start;
  for (const arr of Object.values(a)) {
    Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength).copy(out, at);
    at = align8(at + arr.byteLength);
  }
  return out;
}

/** The header of a saved network and where its arrays begin; null when the bytes are not one. */
function readHeader(buf: Buffer): { header: Header; start: number } | null {
  if (buf.length < MAGIC.length + 4 || buf.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
  const headLength = buf.readUInt32LE(MAGIC.length);
  const header = JSON.parse(buf.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headLength)) as Header;
  return header.format === FORMAT ? { header, start: align8(MAGIC.length + 4 + headLength) } : null;
}

/** The network saved in `bytes`, or null when it is not one of this stamp. */
export function decodeNetwork(bytes: Uint8Array, stamp: string): Network | null {
  return finish(decodeSteps(bytes, stamp));
}

function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Routes read per step of decodeSteps: a few milliseconds of work. */
const ROUTES_PER_STEP = 2500;

/**
 * decodeNetwork in steps of a few milliseconds (it yields between them), so a server can read the network between
 * requests; null at the end when the bytes are not a network of this stamp.
 */
export function* decodeSteps(bytes: Uint8Array, stamp: string): Generator<void, Network | null> {
  // Typed arrays need their own alignment: a pooled buffer may start anywhere.
  let buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteOffset % 8 !== 0) { buf = Buffer.alloc(bytes.byteLength); buf.set(bytes); } // alloc is never pooled
  const read = readHeader(buf);
  if (!read || read.header.stamp !== stamp) return null;
  const { header } = read;
  const airports = loadAirports();
  if (header.airports !== airports.length) return null;
  let at = read.start;
  const x = {} as Record<keyof Arrays, ArrayLike<number>>;
  for (const [name, [T, count]] of entries) {
    x[name] = new T(buf.buffer as ArrayBuffer, buf.byteOffset + at, header[count]);
    at = align8(at + header[count] * T.BYTES_PER_ELEMENT);
  }
  const carriers: Carrier[] = header.carriers.map(([code, name, country, hubs, tier, lcc, pref], idx) => ({ idx, code, name, country, hubs, tier, lcc, pref }));
  const terminals = Array.from({ length: 256 }, (_, i) => String(i));
  // Filled by push, as the build fills them: arrays made with a length are "holey" to V8, slower to walk.
  const routes: Route[] = [];
  let s = 0;
  for (let i = 0; i < header.routes; i++) {
    if (i % ROUTES_PER_STEP === ROUTES_PER_STEP - 1) yield;
    const services: Service[] = [];
    for (let j = 0; j < x.count[i]; j++, s++) {
      services.push({
        carrier: x.carrier[s], flightNo: x.flightNo[s], depMin: x.depMin[s], days: x.days[s], aircraft: x.aircraft[s], blockMin: x.blockMin[s],
        depTerminal: terminals[x.depTerminal[s]], arrTerminal: terminals[x.arrTerminal[s]],
      });
    }
    routes.push({ idx: i, o: x.o[i], d: x.d[i], km: x.km[i], services });
  }
  // Copied out of the file's buffer, so the file's bytes are not kept alive by the network.
  const flightRoute = Int32Array.from(x.flightRoute), flightService = Int32Array.from(x.flightService);
  const flights = () => {
    const numbered: NumberedFlight[] = [];
    for (let f = 0; f < flightRoute.length; f++) {
      const route = flightRoute[f], service = flightService[f];
      const svc = routes[route].services[service];
      numbered.push({ carrier: svc.carrier, flightNo: svc.flightNo, route, service });
    }
    return FlightNumbers.from(carriers, numbered);
  };
  return assembleNetwork(airportGeometry(airports), { seed: header.seed, airports, weight: Float64Array.from(x.weight), carriers, routes, flights });
}

/** Saves `net` where the server looks for it, whole or not at all. */
export function writeNetworkSnapshot(net: Network, file = NETWORK_SNAPSHOT): void {
  const stamp = networkStamp(net.seed);
  if (!stamp) throw new Error('network snapshot: the network inputs cannot be read');
  const work = `${file}.${process.pid}`;
  writeFileSync(work, encodeNetwork(net, stamp));
  renameSync(work, file);
}

/** The saved network of `seed` if there is one of this code and data; null otherwise (the caller builds it). */
export function readNetworkSnapshot(seed = 1, file = NETWORK_SNAPSHOT): Network | null {
  return finish(readSnapshotSteps(seed, file));
}

/** readNetworkSnapshot in steps (see decodeSteps); null at the end when there is no saved network to take. */
export function* readSnapshotSteps(seed = 1, file = NETWORK_SNAPSHOT): Generator<void, Network | null> {
  const stamp = networkStamp(seed);
  if (!stamp) return null;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  try {
    const net = yield* decodeSteps(bytes, stamp);
    return net && net.seed === seed ? net : null;
  } catch {
    return null; // a damaged file (a build stopped while copying it): the network is built instead
  }
}

/** Whether the saved network is this code's and data's (its header only is read). */
export function networkSnapshotCurrent(seed = 1, file = NETWORK_SNAPSHOT): boolean {
  const stamp = networkStamp(seed);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const start = Buffer.alloc(MAGIC.length + 4);
    readSync(fd, start, 0, start.length, 0);
    const head = Buffer.alloc(MAGIC.length + 4 + start.readUInt32LE(MAGIC.length));
    if (readSync(fd, head, 0, head.length, 0) !== head.length) return false;
    const header = readHeader(head)?.header;
    return !!stamp && header?.stamp === stamp && header.seed === seed;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
