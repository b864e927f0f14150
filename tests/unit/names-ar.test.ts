import { describe, expect, it } from 'vitest';
import { aircraftName, airlineName, AIRLINES_AR, airportName, cityName, isArabicText, transliterate } from '../../contract/names';
import { airportNameIn, airports, placeName, placesAr } from '../../server/reference';
import { AIRCRAFT, defaultCarriers } from '../../server/suppliers/flight';
import { CARRIER_SEEDS } from '../../server/suppliers/flight/carriers';
import { cityProperties, hotelCities } from '../../server/suppliers/hotel';
import { DENSE_CITIES } from '../../server/suppliers/hotel/dense-cities';
import { describeAr } from '../../server/suppliers/hotel/arabic';

/** Names in the reader's language: every airline, airport, city, aircraft and hotel the product sells has Arabic. */
describe('the naming rule', () => {
  it('writes Latin names in Arabic letters, the article joined, digits kept', () => {
    expect(transliterate('Berlin')).toBe('برلين');
    expect(transliterate('Gatwick')).toBe('غاتويك');
    expect(transliterate('Heathrow')).toBe('هيثرو');
    expect(transliterate('São Paulo')).toBe('ساو باولو');
    expect(transliterate('Al Ain')).toMatch(/^ال/);
    expect(transliterate('Terminal 3')).toMatch(/ 3$/);
    expect(transliterate('كراتشي')).toBe('كراتشي');
    expect(isArabicText('إيرباص A320neo')).toBe(true);
    expect(isArabicText('Park Avenue, دبي')).toBe(false);
  });

  it('gives English unchanged and Arabic on Arabic pages', () => {
    expect(airlineName('EK', 'Emirates', 'en')).toBe('Emirates');
    expect(airlineName('EK', 'Emirates', 'ar')).toBe('طيران الإمارات');
    expect(airlineName('FZ', 'flydubai', 'ar')).toBe('فلاي دبي');
    expect(airlineName('G9', 'Air Arabia', 'ar')).toBe('العربية للطيران');
    expect(airlineName('0B', 'Blue Air', 'ar')).toBe(`طيران ${transliterate('Blue')}`);
    expect(airportName('LGW', 'London Gatwick Airport', { english: 'London', arabic: 'لندن' }, 'ar')).toBe('مطار لندن غاتويك');
    expect(airportName('ZZZ', 'Nowhere International Airport', { english: 'Nowhere', arabic: null }, 'ar')).toBe(`مطار ${transliterate('Nowhere')} الدولي`);
    expect(airportName('KHI', 'Jinnah International Airport', { english: 'Karachi', arabic: 'كراتشي' }, 'en')).toBe('Jinnah International Airport');
    expect(cityName('Gilgit', null, 'ar')).toBe(transliterate('Gilgit'));
    expect(cityName('Karachi', 'كراتشي', 'ar')).toBe('كراتشي');
    expect(aircraftName('Airbus A320neo', 'ar')).toBe('إيرباص A320neo');
    expect(aircraftName('Boeing 777-300ER', 'en')).toBe('Boeing 777-300ER');
  });
});

describe('flight names in Arabic', () => {
  it('every carrier the embedded network is built around has its own Arabic name', () => {
    const missing = CARRIER_SEEDS.filter((c) => !AIRLINES_AR[c.code]).map((c) => c.code);
    expect(missing).toEqual([]);
    for (const name of Object.values(AIRLINES_AR)) expect(isArabicText(name), name).toBe(true);
  });

  it('every airline the embedded supplier flies is named in Arabic', () => {
    const bad = defaultCarriers().filter((c) => /[A-Za-z]/.test(c.name) && !isArabicText(airlineName(c.code, c.name, 'ar')));
    expect(bad.map((c) => `${c.code} ${c.name} → ${airlineName(c.code, c.name, 'ar')}`)).toEqual([]);
  });

  it('every airport the embedded supplier flies has its name and its city in Arabic', () => {
    const bad: string[] = [];
    for (const a of airports()) {
      const city = placeName(a.iata, a.city, 'ar');
      const name = airportNameIn(a.iata, 'ar');
      if (!isArabicText(city) || !isArabicText(name) || !name.startsWith('مطار')) bad.push(`${a.iata}: ${city} / ${name}`);
    }
    expect(bad.slice(0, 20)).toEqual([]);
    // GeoNames' own Arabic name wins over the naming rule.
    expect(placeName('KHI', 'Karachi', 'ar')).toBe(placesAr().KHI);
    expect(airportNameIn('KHI', 'ar')).toBe('مطار جناح الدولي');
    expect(airportNameIn('KHI', 'en')).toBe(airports().find((a) => a.iata === 'KHI')!.name);
  });

  it('every aircraft type is named with its maker in Arabic', () => {
    for (const a of AIRCRAFT) expect(isArabicText(aircraftName(a.name, 'ar')), a.name).toBe(true);
  });
});

describe('embedded hotels in Arabic', () => {
  // The dense cities (Makkah, Madinah, Dubai…) and a spread of the others, every hotel of each.
  const cities = [...DENSE_CITIES.map((d) => hotelCities().find((c) => c.id === d.geonameid)!), ...hotelCities().filter((_, i) => i % 97 === 0)];

  it('every hotel has an Arabic name, address, rooms and beds, and names its city once', () => {
    const bad: string[] = [];
    let hotels = 0;
    for (const city of cities) {
      for (const p of cityProperties(city)) {
        hotels++;
        const arCity = cityName(city.name, city.name_ar, 'ar');
        const texts = [p.name_ar, p.address_ar, describeAr(p), ...p.rooms.flatMap((r) => [r.name_ar, r.beds_ar])];
        if (!texts.every(isArabicText)) bad.push(`${p.id} ${texts.find((x) => !isArabicText(x))}`);
        if (p.address_ar.split(arCity).length !== 2 || !p.address_ar.endsWith(`، ${arCity}`)) bad.push(`${p.id} address ${p.address_ar}`);
        if (!p.address.endsWith(`, ${city.name}`)) bad.push(`${p.id} address ${p.address}`);
      }
    }
    expect(hotels).toBeGreaterThan(300);
    expect(bad.slice(0, 10)).toEqual([]);
  });

  it('makes the Arabic from the same picks as the English', () => {
    const makkah = hotelCities().find((c) => c.name === 'Makkah')!;
    const p = cityProperties(makkah).find((h) => h.name.startsWith('Zamzam'));
    if (p) expect(p.name_ar).toContain('زمزم');
    const number = cityProperties(makkah)[0].address.split(' ')[0];
    expect(cityProperties(makkah)[0].address_ar.startsWith(`${number} `)).toBe(true);
    expect(cityProperties(makkah)[0].address_ar).toContain('مكة المكرمة');
  });
});
