import { fetchUtils, HttpError } from 'react-admin';
import { session } from './session';

// The one way the browser calls the API: JSON, the stored bearer token, and failures normalised to
// react-admin's HttpError whose message is the server's `message` and whose body is kept, so the
// global error dialog can show it and authProvider.checkError can spot a 401.

export type HttpClient = (url: string, options?: fetchUtils.Options) => Promise<{ status: number; headers: Headers; body: string; json: any }>;

export const UNREACHABLE = 'The server cannot be reached; please check your connection and try again';

export const httpClient: HttpClient = async (url, options = {}) => {
  const token = session.token();
  try {
    return await fetchUtils.fetchJson(url, token ? { ...options, user: { authenticated: true, token: `Bearer ${token}` } } : options);
  } catch (error) {
    throw normaliseError(error);
  }
};

function normaliseError(error: unknown): unknown {
  // fetchJson already rejects with HttpError(body.message || statusText, status, body); HTTP/2 answers
  // carry no status text, so an answer without a message still needs one.
  if (error instanceof HttpError) {
    return error.message ? error : new HttpError(`The request failed (HTTP ${error.status})`, error.status, error.body);
  }
  // fetch itself rejects with a TypeError when the network fails; an abort is passed on untouched.
  if (error instanceof TypeError) return new HttpError(UNREACHABLE, 0, null);
  return error;
}
