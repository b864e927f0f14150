export * from './types';
export { EmbeddedHotelSupplier } from './embedded';
export { MemoryRoomStore } from './stores';
export { cityById, hotelCities } from './cities';
export { propertyById, cityProperties } from './properties';
export { decodeRate } from './rate-id';
export { fits, stayDates } from './stay';
