import { createDataProvider } from '../../dataProvider';
import { entities } from './registry';

/** The app's one dataProvider: react-admin's verbs over the registry's entities, and every declared call. */
export const dataProvider = createDataProvider({ entities });
