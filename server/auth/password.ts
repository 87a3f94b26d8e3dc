import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt from node:crypto, r=8, p=1, N=2^logN (17 in production). The stored string carries its own
// parameters so the cost can be raised later without invalidating existing hashes.

export { MIN_PASSWORD_LENGTH } from '../../core/validation/staff';

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

const maxmem = (N: number, r: number) => 128 * N * r * 2;

export async function hashPassword(password: string, logN = 17): Promise<string> {
  const N = 2 ** logN;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, { N, r: 8, p: 1, maxmem: maxmem(N, 8) });
  return `scrypt$${logN}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const N = 2 ** Number(logN);
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N, r: Number(r), p: Number(p), maxmem: maxmem(N, Number(r)),
  });
  return timingSafeEqual(actual, expected);
}

/**
 * A hash of nothing, verified against when an email is unknown so timing does not reveal it. One per
 * cost: it must take as long to check as the real hashes made with the same cost.
 */
const decoys = new Map<number, Promise<string>>();
export function decoyHash(logN: number): Promise<string> {
  let decoy = decoys.get(logN);
  if (!decoy) decoys.set(logN, (decoy = hashPassword(randomBytes(16).toString('hex'), logN)));
  return decoy;
}
