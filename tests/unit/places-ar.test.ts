import { describe, expect, it } from 'vitest';
import { foldArabic, placeName, placesAr, searchAirports } from '../../server/reference';

/** Airport cities in Arabic (GeoNames' names by airport, locales/places/ar.json) and the autocomplete in Arabic. */
describe('airport cities in Arabic', () => {
  it('names the cities our travellers book most, in Arabic script only', () => {
    expect(placesAr()).toMatchObject({ KHI: 'كراتشي', LHE: 'لاهور', ISB: 'إسلام آباد', JED: 'جدة', MED: 'المدينة المنورة', DXB: 'دبي', SHJ: 'الشارقة', LHR: 'لندن' });
    for (const name of Object.values(placesAr())) expect(name).toMatch(/^[\u0600-\u06FF\s'’-]+$/);
    expect(Object.keys(placesAr()).length).toBeGreaterThan(1500);
  });

  it('placeName answers Arabic for ar and the English city otherwise, or when GeoNames has none', () => {
    expect(placeName('KHI', 'Karachi', 'ar')).toBe('كراتشي');
    expect(placeName('KHI', 'Karachi', 'en')).toBe('Karachi');
    expect(placeName('ZZZ', 'Nowhere', 'ar')).toBe('Nowhere');
  });

  it('folds Arabic the way people type it', () => {
    expect(foldArabic('مَكَّة')).toBe('مكه');
    expect(foldArabic('إسلام آباد')).toBe('اسلام اباد');
    expect(foldArabic('المدينة')).toBe('المدينه');
  });

  it('the autocomplete finds airports by their city in Arabic, with or without the article and hamza', () => {
    const codes = (q: string) => searchAirports(q, 5).map((a) => a.iata);
    expect(codes('كراتشي')).toEqual(['KHI']);
    expect(codes('دبي')).toContain('DXB');
    expect(codes('رياض')).toContain('RUH');
    expect(codes('اسلام اباد')).toContain('ISB');
    expect(codes('جدة')[0]).toBe('JED');
    expect(codes('ثثثث')).toEqual([]);
  });
});
