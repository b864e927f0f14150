import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { agreeTitleAndGender, genderOfTitle, M, titleForGender, TravellerInput } from '../../contract/agents';
import { PassengerInput } from '../../contract/bookings';

const adult = { type: 'ADT', title: 'Mr', gender: 'M' };
const child = { type: 'CNN', title: 'Mstr', gender: 'M' };

describe('titles and genders', () => {
  it('knows the gender of each title in any letter case, and none of an unknown one', () => {
    expect(['Mr', 'Mstr', 'MR', ' mstr '].map(genderOfTitle)).toEqual(['M', 'M', 'M', 'M']);
    expect(['Mrs', 'Ms', 'Miss', 'MRS', 'MISS'].map(genderOfTitle)).toEqual(['F', 'F', 'F', 'F', 'F']);
    expect(genderOfTitle('Dr')).toBeNull();
  });

  it('keeps a title that fits the gender and otherwise gives the first one of that gender for the type', () => {
    expect(titleForGender('Mrs', 'F', 'ADT')).toBe('Mrs');
    expect(titleForGender('Mr', 'F', 'ADT')).toBe('Ms');
    expect(titleForGender('Ms', 'M', 'ADT')).toBe('Mr');
    expect(titleForGender('Mstr', 'F', 'CNN')).toBe('Miss');
    expect(titleForGender('Miss', 'M', 'INF')).toBe('Mstr');
  });

  it('follows the title when the gender changes and the gender when the title changes', () => {
    expect(agreeTitleAndGender(adult, { gender: 'F' })).toEqual({ gender: 'F', title: 'Ms' });
    expect(agreeTitleAndGender({ ...adult, title: 'Mrs', gender: 'F' }, { gender: 'F' })).toEqual({ gender: 'F', title: 'Mrs' });
    expect(agreeTitleAndGender(child, { gender: 'F' })).toEqual({ gender: 'F', title: 'Miss' });
    expect(agreeTitleAndGender(adult, { title: 'Mrs' })).toEqual({ title: 'Mrs', gender: 'F' });
    expect(agreeTitleAndGender({ ...adult, gender: 'F' }, { title: 'Mr' })).toEqual({ title: 'Mr', gender: 'M' });
    // Other fields, an unknown title and a blank gender pass through untouched.
    expect(agreeTitleAndGender(adult, { title: 'Dr' })).toEqual({ title: 'Dr' });
    expect(agreeTitleAndGender(adult, { gender: '' })).toEqual({ gender: '' });
    expect(agreeTitleAndGender(adult, { first_name: 'Sara' } as Partial<typeof adult>)).toEqual({ first_name: 'Sara' });
  });

  it('refuses a saved traveller or a passenger whose title names the other gender, on the title', () => {
    const pax = { type: 'ADT', title: 'Mrs', first_name: 'Ali', last_name: 'Raza', gender: 'M', dob: '1990-01-01', nationality: 'PK', document_no: 'AB1234567', expiry_date: '2034-01-01', issue_country: 'PK' };
    for (const schema of [TravellerInput, PassengerInput]) {
      const r = v.safeParse(schema, pax);
      expect(r.success).toBe(false);
      expect(r.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([['title', M.titleGender]]);
      expect(v.safeParse(schema, { ...pax, gender: 'F' }).success).toBe(true);
    }
  });
});
