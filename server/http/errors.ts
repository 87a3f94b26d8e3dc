// The HTTP errors the routes throw, defined below the server's folders (server/common/errors.ts) so
// that auth, which http builds on, can throw them too without importing http.
export * from '../common/errors';
