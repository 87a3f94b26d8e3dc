// Small pieces the contract screens share: the kit's formats.
export { dateTime, fromLocalInput, money, toLocalInput, WEEKDAYS } from '../../src/kit/components/format';
export { useFacilityFields } from '../../src/kit/layout/facilities';
