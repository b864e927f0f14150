import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { agreeTitleAndGender, genderOfTitle, titleChoices, TravellerInput } from '../../contract/travellers';
import { M } from '../../contract/fields';
import { PassengerInput } from '../../contract/bookings';
import { titleText } from '../../contract/titles';

const adult = { type: 'ADT', title: 'Mr', gender: 'M' };
const child = { type: 'CNN', title: 'Mstr', gender: 'M' };

describe('titles and genders', () => {
  it('knows the gender of each title in any letter case, and none of an unknown one', () => {
    expect(['Mr', 'Mstr', 'MR', ' mstr '].map(genderOfTitle)).toEqual(['M', 'M', 'M', 'M']);
    expect(['Mrs', 'Ms', 'Miss', 'MRS', 'MISS'].map(genderOfTitle)).toEqual(['F', 'F', 'F', 'F', 'F']);
    expect(genderOfTitle('Dr')).toBeNull();
  });

  it('writes a title before a name the same way everywhere, in any letter case; an unknown one as given', () => {
    expect(['MR', 'Mrs', 'MS', 'MISS', 'Mstr'].map((x) => titleText(x, 'en'))).toEqual(['Mr', 'Mrs', 'Ms', 'Miss', 'Master']);
    expect(['MR', 'Mrs', 'MS', 'MISS', 'Mstr'].map((x) => titleText(x, 'ar'))).toEqual(['السيد', 'السيدة', 'السيدة', 'الآنسة', 'الطفل']);
    expect(titleText('Dr', 'ar')).toBe('Dr');
  });

  it('offers the titles of the passenger type, then of the chosen gender; a title held already stays offered', () => {
    expect(titleChoices('ADT', '')).toEqual(['Mr', 'Mrs', 'Ms']);
    expect(titleChoices('ADT', 'F')).toEqual(['Mrs', 'Ms']);
    expect(titleChoices('ADT', 'M')).toEqual(['Mr']);
    expect(titleChoices('INF', 'F')).toEqual(['Miss']);
    expect(titleChoices(null, '')).toEqual(['Mr', 'Mrs', 'Ms', 'Miss', 'Mstr']);
    expect(titleChoices(null, 'F')).toEqual(['Mrs', 'Ms', 'Miss']);
    expect(titleChoices('ADT', 'F', 'Miss')).toEqual(['Miss', 'Mrs', 'Ms']);
    expect(titleChoices('ADT', 'F', 'Ms')).toEqual(['Mrs', 'Ms']);
  });

  it('follows the title when the gender changes and the gender when the title changes, never choosing between two titles', () => {
    const blank = { type: 'ADT', title: '', gender: '' };
    // A woman is Mrs or Ms: only she can say which, so the title stays to be chosen.
    expect(agreeTitleAndGender(blank, { gender: 'F' })).toEqual({ gender: 'F', title: '' });
    expect(agreeTitleAndGender(adult, { gender: 'F' })).toEqual({ gender: 'F', title: '' });
    // One title fits: it is the only answer, not a guess.
    expect(agreeTitleAndGender(blank, { gender: 'M' })).toEqual({ gender: 'M', title: 'Mr' });
    expect(agreeTitleAndGender(child, { gender: 'F' })).toEqual({ gender: 'F', title: 'Miss' });
    expect(agreeTitleAndGender({ type: 'INF', title: 'Miss', gender: 'F' }, { gender: 'M' })).toEqual({ gender: 'M', title: 'Mstr' });
    expect(agreeTitleAndGender({ ...adult, title: 'Mrs', gender: 'F' }, { gender: 'F' })).toEqual({ gender: 'F' });
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
