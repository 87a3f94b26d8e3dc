// An error meant for the person who made the request, and the JSON body every error answers with.
// Below every folder of the server: auth, http, routes and services all throw them.
import { STATUS_CODES } from 'node:http';

/** An error whose message is meant for the person who made the request. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields merged into the JSON answer (e.g. the spec's `errors.msg` on login). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
/** 401 answers carry code: 401, which the browser reads as 'go to /login' (spec 1 §8). */
export const unauthorized = (message = 'Please sign in again', extra?: Record<string, unknown>) => new HttpError(401, message, { code: 401, ...extra });
export const forbidden = (message = 'Your role does not allow this') => new HttpError(403, message);
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
/** 412: the If-Match version is no longer the record's. */
export const preconditionFailed = (message: string) => new HttpError(412, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  [extra: string]: unknown;
}

export function errorBody(statusCode: number, message: string, extra?: Record<string, unknown>): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra };
}
