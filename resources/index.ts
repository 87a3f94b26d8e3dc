import type { ResourceProps } from 'react-admin';
import taxes from './taxes';
import fees from './fees';

// The registry of react-admin resources: adding an entity is a folder in resources/ and a line here.
export const resources: ResourceProps[] = [
  taxes,
  fees,
];
