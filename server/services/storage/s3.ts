import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { checkKey, type Storage } from './storage';

export interface S3Options {
  bucket: string;
  /** A non-AWS store (MinIO, R2, a test's s3rver): its URL, addressed path-style. */
  endpoint?: string;
  /** Key prefix inside the bucket ('' for none). */
  prefix?: string;
}

const notFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * Objects in an S3-compatible bucket through the AWS SDK v3. Credentials and region come from the SDK's
 * usual environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, profiles, instance roles).
 */
export function s3Storage(options: S3Options, client = new S3Client({
  // Other stores: path-style addressing, and checksums only where S3 requires them (not every
  // S3-compatible store reads the SDK's default trailing checksums).
  ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const : {}),
  region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
})): Storage {
  const Bucket = options.bucket;
  const keyOf = (key: string) => `${options.prefix ?? ''}${checkKey(key)}`;
  const object = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async get(key) {
      const answer = await object(key);
      return answer?.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
    },
    async stream(key) {
      const answer = await object(key);
      if (!answer?.Body) return null;
      return { body: answer.Body as Readable, length: Number(answer.ContentLength ?? 0) };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
  };
}
