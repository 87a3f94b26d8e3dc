export { CustomerPicker, customerLabel, type CustomerPickerProps } from './CustomerPicker';
export { useCustomerSearch } from './useCustomerSearch';
export { useDebouncedValue } from './useDebouncedValue';
