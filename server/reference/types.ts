/** The reference data's shapes, apart from the loaders, so the airport overlay can name them without a cycle. */
export type AirportSize = 'large' | 'medium' | 'small';
export interface Airport {
  iata: string; icao: string; name: string; city: string; country: string;
  lat: number; lon: number; tz: string; size: AirportSize; runway_ft: number;
}
export interface Airline { iata: string; icao: string; name: string; country: string; active: boolean; logo: string }
export interface Country { code: string; name: string; native: string; name_ar: string; currency: string; continent: string; capital: string; phone: number }
export interface City { id: string; name: string; country: string; lat: number; lon: number; airports: string[] }
