// Every table of Touchline, one module per domain.
export * from './settings';
export * from './staff';
