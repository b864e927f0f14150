import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildNetwork, type Network } from '../../server/suppliers/flight';
import { decodeNetwork, encodeNetwork, networkSnapshotCurrent, networkStamp, readNetworkSnapshot, writeNetworkSnapshot } from '../../server/suppliers/flight/network-snapshot';

const dir = mkdtempSync(join(tmpdir(), 'safar-network-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Everything a network holds, as data: two networks are the same network when these are equal. */
const parts = (n: Network) => ({
  seed: n.seed, airports: n.airports.length, routes: n.routes, carriers: n.carriers, weight: [...n.weight],
  out: n.out.map((l) => [...l]), inn: n.inn.map((l) => [...l]), edge: [...n.edge], flights: [...n.flights],
  carrierByCode: [...n.carrierByCode.keys()], index: [...n.index], lat: [...n.lat], lon: [...n.lon], size: [...n.size],
});

describe('the saved flight network', () => {
  const built = buildNetwork(1);
  const stamp = networkStamp(1)!;
  const bytes = encodeNetwork(built, stamp);

  it('reads back as the network the build makes, flight numbers in the same order, distances alike', () => {
    const read = decodeNetwork(bytes, stamp)!;
    // Compared as JSON text: the same keys in the same order, every number the same.
    expect(JSON.stringify(parts(read))).toBe(JSON.stringify(parts(built)));
    for (const [a, b] of [[0, 1], [17, 4000], [2500, 2501]]) expect(read.dist(a, b)).toBe(built.dist(a, b));
    const r = built.routes.find((x) => x.services.length > 0)!;
    expect(read.routeOf(r.o, r.d)).toEqual(r);
  });

  it('is taken only when made by this code from this data, for this seed', () => {
    expect(decodeNetwork(bytes, 'another-stamp')).toBeNull();
    expect(networkStamp(2)).not.toBe(stamp);
    const damaged = Buffer.from(bytes);
    damaged.write('NOTANET!', 0, 'latin1');
    expect(decodeNetwork(damaged, stamp)).toBeNull();
    // A buffer that does not start on a multiple of 8 (a pooled one) reads the same.
    const shifted = Buffer.alloc(bytes.length + 3);
    bytes.copy(shifted, 3);
    expect(decodeNetwork(shifted.subarray(3), stamp)!.routes.length).toBe(built.routes.length);
  });

  it('is written whole where a start looks for it, and the build knows when it is current', () => {
    const file = join(dir, 'flight-network.bin');
    expect(networkSnapshotCurrent(1, file)).toBe(false);
    expect(readNetworkSnapshot(1, file)).toBeNull();
    writeNetworkSnapshot(built, file);
    expect(networkSnapshotCurrent(1, file)).toBe(true);
    expect(networkSnapshotCurrent(2, file)).toBe(false);
    expect(readNetworkSnapshot(1, file)!.routes.length).toBe(built.routes.length);
    expect(readNetworkSnapshot(2, file)).toBeNull();
    writeFileSync(file, readFileSync(file).subarray(0, 100));
    expect(networkSnapshotCurrent(1, file)).toBe(false);
    expect(readNetworkSnapshot(1, file)).toBeNull();
  });
});
