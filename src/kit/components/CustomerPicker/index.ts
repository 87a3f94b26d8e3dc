export { CustomerPicker, customerLabel, type CustomerPickerProps } from './CustomerPicker';
export { CustomerInput } from './CustomerInput';
export { useCustomerSearch } from './useCustomerSearch';
export { useDebouncedValue } from './useDebouncedValue';
