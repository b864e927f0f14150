// One schema for the whole product; each area keeps its tables in its own file.
export * from './auth';
export * from './mail';
export * from './agents';
export * from './banks';
export * from './deposits';
export * from './ledger';
export * from './charges';
export * from './margins';
export * from './travellers';
export * from './uploads';
export * from './bookings';
export * from './payments';
export * from './catalogue';
export * from './leads';
export * from './insurance';
export * from './booking-ops';
export * from './airlines';
