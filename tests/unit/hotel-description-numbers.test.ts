import { describe, expect, it } from 'vitest';
import { describeAr } from '../../server/suppliers/hotel/arabic';
import { hotelCities } from '../../server/suppliers/hotel/cities';
import { cityProperties } from '../../server/suppliers/hotel/properties';
import { hotelNames } from '../../server/ledger/subjects';

/**
 * An embedded hotel's description writes its distances as every number is written (Latin digits, grouped), in both
 * languages: "على بعد 3,427 م من الحرم", never "3427 م".
 */
describe('an embedded hotel\'s description', () => {
  const makkah = hotelCities().find((c) => c.name === 'Makkah')!;
  const far = cityProperties(makkah).find((p) => (p.distance_haram_m ?? 0) >= 1000)!;

  it('groups a distance of a thousand metres or more', () => {
    expect(far, 'a Makkah hotel a kilometre or more from the Haram').toBeDefined();
    const grouped = far.distance_haram_m!.toLocaleString('en-US');
    expect(describeAr(far)).toContain(`على بعد ${grouped} م من الحرم`);
    expect(describeAr(far)).not.toMatch(/\d{4}/);
  });

  it('writes a city distance in kilometres with at most one decimal', () => {
    const city = hotelCities().find((c) => c.name === 'Dubai')!;
    const p = cityProperties(city)[0];
    expect(describeAr(p)).toMatch(/على بعد \d+(\.\d)? كم من وسط دبي/);
  });
});

describe('a booked hotel\'s names for the statement', () => {
  it('the embedded supplier\'s Arabic beside the English as booked; another supplier\'s hotel has none', () => {
    const makkah = hotelCities().find((c) => c.name === 'Makkah')!;
    const p = cityProperties(makkah)[0];
    expect(hotelNames({ id: p.id, name: p.name, city: 'Makkah' })).toEqual({ hotel: p.name, hotel_ar: p.name_ar, city: 'Makkah', city_ar: 'مكة المكرمة' });
    expect(hotelNames({ id: 'duffel-123', name: 'Somewhere Inn', city: 'Paris' })).toEqual({ hotel: 'Somewhere Inn', hotel_ar: null, city: 'Paris', city_ar: null });
  });
});
