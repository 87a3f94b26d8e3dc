// react-admin's own screens for the rare cases the app does not replace (unknown path, crash, auth
// callback, auth error): loaded on demand by src/kit/layout/lazyDefaults.tsx.
export { AuthCallback, AuthenticationError, Error, NotFound } from 'react-admin';
