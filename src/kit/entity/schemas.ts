import { ENDPOINTS } from '../../../core/api';

// Every declaration with its schemas. In the built app this module's imports of core/api are the
// declarations as written (vite.config.ts declarationsWithoutSchemas leaves them whole here), so it is
// the one chunk that brings zod and the bodies' schemas, loaded by the first form that validates.

export const declarations = () => ENDPOINTS;
