import { describe, expect, it } from 'vitest';
import { TwoGenerations } from '../../server/suppliers/flight/two-generations';

describe('a cache of two generations', () => {
  it('holds at most its limit and keeps what was used since the young generation last filled', () => {
    const c = new TwoGenerations<number, string>(4);
    for (const k of [1, 2]) c.set(k, `v${k}`);
    c.set(3, 'v3'); // young full: 1 and 2 become old
    expect(c.get(1)).toBe('v1'); // back in the young generation, with 3
    c.set(4, 'v4'); // young (3, 1) full: they become old, 2 is dropped
    expect(c.size).toBeLessThanOrEqual(4);
    expect(c.get(2)).toBeUndefined();
    expect([c.get(1), c.get(3), c.get(4)]).toEqual(['v1', 'v3', 'v4']);
  });

  it('never grows past its limit, whatever is set', () => {
    const c = new TwoGenerations<number, number>(100);
    for (let i = 0; i < 10_000; i++) {
      c.set(i, i);
      if (i % 7 === 0) c.get(i - 60);
      expect(c.size).toBeLessThanOrEqual(100);
    }
    expect(c.get(9_999)).toBe(9_999);
  });

  it('replaces a value in place and forgets everything on clear', () => {
    const c = new TwoGenerations<string, number>(2);
    c.set('a', 1);
    c.set('a', 2);
    expect(c.size).toBe(1);
    expect(c.get('a')).toBe(2);
    c.clear();
    expect(c.size).toBe(0);
    expect(c.get('a')).toBeUndefined();
  });
});
