// Every table of Touchline, one module per domain.
export * from './settings';
export * from './staff';
export * from './products';
export * from './customers';
export * from './esports';
export * from './leagues';
export * from './classes';
export * from './contracts';
export * from './bookings';
export * from './pickup';
export * from './discounts';
export * from './billing';
export * from './referees';
export * from './media';
export * from './scoreboards';
export * from './changelog';
export * from './broadcasts';
