import type { ResourceProps } from 'react-admin';

// The registry of react-admin resources: adding an entity is a folder in resources/ and a line here.
export const resources: ResourceProps[] = [];
