import { describe, expect, it } from 'vitest';
import { at } from '../../src/api/calls';

describe("a record's address", () => {
  it('puts the id after the path, encoded', () => {
    expect(at('/transactions', 12)).toBe('/transactions/12');
    expect(at('/files', 'a b')).toBe('/files/a%20b');
  });
  it("sends an empty id as 0, a record that does not exist, never as the list's address", () => {
    expect(at('/transactions', '')).toBe('/transactions/0');
    expect(at('/transactions', ' ')).toBe('/transactions/0');
  });
});
