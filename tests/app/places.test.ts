import { describe, expect, it } from 'vitest';
import { countryName } from '../../src/i18n/places';

describe('countryName', () => {
  it('names a country in the reader language, whatever the code case', () => {
    expect(countryName('AE', 'en')).toBe('United Arab Emirates');
    expect(countryName('ae', 'ar', 'United Arab Emirates')).toBe('الإمارات العربية المتحدة');
  });

  it('falls back to what the catalogue says, or to the code, when the code names no country', () => {
    expect(countryName('QQ', 'ar', 'Somewhere')).toBe('Somewhere');
    expect(countryName('QQ', 'ar')).toBe('QQ');
    expect(countryName('', 'en', 'United Arab Emirates')).toBe('United Arab Emirates');
  });
});
