import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

// A local S3-compatible server for tests (s3rver): a port of its own, a temporary directory, one bucket.
// Its account is S3RVER / S3RVER; the region is any.

export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const S3_ENV = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The directory s3rver keeps the objects in. */
  directory: string;
  /** A client with the server's credentials. */
  client(): S3Client;
  close(): Promise<void>;
}

export async function startS3(bucket = 'touchline-test'): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'touchline-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint, bucket, directory,
    client: () => new S3Client({
      endpoint, forcePathStyle: true, region: 'us-east-1', credentials: S3_CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
