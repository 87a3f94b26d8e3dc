import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { pgCode, RETRYABLE_CODES } from '../db/transaction';
import { errorBody, HttpError } from './errors';
import { REQUEST_ID_HEADER } from './requestId';
import { describeIssues } from '../../core/validation/wire';

// Every failure answers {statusCode, error, message} with a message a person can act on. Unexpected
// errors are logged and answer 500 without internals.

export const CONCURRENT_CHANGE = 'Someone else was changing the same records at the same moment; nothing was saved. Please try again.';

/** PostgreSQL error codes a request can provoke, and what to tell the person. */
const PG_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'A record with these values already exists'],
  '23503': [409, 'This refers to a record that does not exist, or is still used by other records'],
  '23502': [400, 'A required value is missing'],
  '22P02': [400, 'A value has the wrong format'],
  '22003': [400, 'A number is out of range'],
  '23514': [400, 'A value is outside what is allowed'],
  '22021': [400, 'A text holds a character that cannot be stored'],
  // Raced another change (deadlock, serialization failure) more often than server/db/transaction retries.
  ...Object.fromEntries([...RETRYABLE_CODES].map((code) => [code, [409, CONCURRENT_CHANGE] as [number, string]])),
};

export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message, error.extra));
    }
    if (error instanceof ZodError) return reply.status(400).send(errorBody(400, describeIssues(error)));
    const code = pgCode(error);
    if (code && PG_ERRORS[code]) {
      const [status, message] = PG_ERRORS[code];
      request.log.info({ err: error }, 'database refused a write');
      return reply.status(status).send(errorBody(status, message));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own: malformed JSON, body too large, unsupported media type …
      const message = status === 413 ? 'The request is too large' : error.message;
      return reply.status(status).send(errorBody(status, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Something went wrong on our side; please try again'));
  });
}

/** Fastify's own refusals before any route runs (a malformed or overlong address), in the same shape. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long'
    : error.code === 'FST_ERR_BAD_URL' ? 'The address is malformed' : error.message;
  // No hook runs for these: the request's id is set here.
  reply.header(REQUEST_ID_HEADER, request.id).status(status).send(errorBody(status, message));
}
