import { describe, expect, it } from 'vitest';
import { decodeSignupPayload, encodeSignupPayload, signupLink } from '../../core/signupLink';

const payload = { id: 42, token: 'abc_DEF-123', first_name: 'José', last_name: 'Núñez', email: 'jose@example.com', phone: '+12125550100' };

describe('core/signupLink', () => {
  it('round-trips the payload, accents included, in a URL-safe form', () => {
    const encoded = encodeSignupPayload(payload);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSignupPayload(encoded)).toEqual(payload);
  });

  it('builds signup and reset links', () => {
    expect(signupLink('https://t.example', payload)).toMatch(/^https:\/\/t\.example\/signup\?token=[A-Za-z0-9_-]+$/);
    expect(signupLink('https://t.example', payload, true)).toMatch(/&reset=1$/);
  });

  it('rejects a link without an id or token, or that is not a payload at all', () => {
    expect(decodeSignupPayload(null)).toBeNull();
    expect(decodeSignupPayload('garbage!')).toBeNull();
    expect(decodeSignupPayload(encodeSignupPayload({ ...payload, token: '' }))).toBeNull();
    expect(decodeSignupPayload(btoa(JSON.stringify({ token: 'x' })))).toBeNull();
  });
});
