// The program screens' money and date helpers live in the kit (src/kit/components/programFormat.ts), shared with classes.
export { day, DEFAULT_ZONE, fromDateInput, money, toDateInput } from '../../src/kit/components/programFormat';
