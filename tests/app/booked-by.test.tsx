import { describe, expect, it } from 'vitest';
import { bookedByColumn } from '../../src/ui/booked-by';

/** "Booked by" in an agency's lists: there once a row on the page was booked by someone other than the reader. */
type Row = { id: number; agent: { id: number; name: string } | null };
const words = { label: 'Booked by', you: 'You' };
const me = { id: 7 };
const mine: Row = { id: 1, agent: { id: 7, name: 'Crescent Travels' } };
const branch: Row = { id: 2, agent: { id: 9, name: 'Hina Booker' } };
const guest: Row = { id: 3, agent: null };

describe('bookedByColumn', () => {
  it('is left out while every row is the reader\'s own (a booker, or an agency with no branch users)', () => {
    expect(bookedByColumn([mine, guest], (r) => r.agent, me, words)).toEqual([]);
    expect(bookedByColumn([] as Row[], (r) => r.agent, me, words)).toEqual([]);
    expect(bookedByColumn([branch], (r) => r.agent, null, words)).toEqual([]);
  });

  it('names the branch user who booked, and the reader as "You"', () => {
    const [column] = bookedByColumn([mine, branch, guest], (r) => r.agent, me, words);
    expect(column.label).toBe('Booked by');
    expect(column.render(mine)).toBe('You');
    expect(column.render(guest)).toBe('—');
    const named = column.render(branch) as { type: string; props: { children: string } };
    expect([named.type, named.props.children]).toEqual(['bdi', 'Hina Booker']);
  });
});
