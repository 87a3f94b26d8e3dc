import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors';

// The one file of a multipart upload, read whole, for routes that register @fastify/multipart with
// their own size limit. Every way the request can be wrong answers 400 (or the route's own error for
// a file over its limit) instead of escaping as a 500.

export interface UploadMessages {
  /** The request is not multipart/form-data. */
  notMultipart: string;
  /** The form holds no file. */
  missing: string;
  /** The file is over the route's size limit. */
  tooLarge: () => HttpError;
}

export const UNREADABLE_UPLOAD = 'The upload could not be read; please choose the file again';

export async function receiveFile(request: FastifyRequest, messages: UploadMessages): Promise<{ bytes: Buffer; mimetype: string }> {
  if (!request.isMultipart()) throw badRequest(messages.notMultipart);
  try {
    const file = await request.file();
    if (!file) throw badRequest(messages.missing);
    return { bytes: await file.toBuffer(), mimetype: file.mimetype };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw messages.tooLarge();
    // A missing boundary, a truncated body, a part that is not a file …
    throw badRequest(UNREADABLE_UPLOAD);
  }
}
