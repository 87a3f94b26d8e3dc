export * from './change';
export * from './validation';
export * from './windows';
