// The payload carried by signup and password-reset links: /signup?token={payload}[&reset=1].
// The payload is base64url-encoded UTF-8 JSON holding the user id, the single-use token and the
// prefill data. The token is checked by the server (POST /user/confirm); the rest only pre-fills.

export interface SignupPayload {
  id: number;
  token: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeSignupPayload(payload: SignupPayload): string {
  return toBase64Url(JSON.stringify(payload));
}

/** The payload, or null when the link is malformed or lacks an id or token ('Wrong signup link'). */
export function decodeSignupPayload(encoded: string | null | undefined): SignupPayload | null {
  if (!encoded) return null;
  try {
    const data = JSON.parse(fromBase64Url(encoded));
    if (!data || typeof data !== 'object' || !Number.isInteger(data.id) || typeof data.token !== 'string' || !data.token) return null;
    return {
      id: data.id,
      token: data.token,
      first_name: String(data.first_name ?? ''),
      last_name: String(data.last_name ?? ''),
      email: String(data.email ?? ''),
      phone: String(data.phone ?? ''),
    };
  } catch {
    return null;
  }
}

export function signupLink(publicUrl: string, payload: SignupPayload, reset = false): string {
  return `${publicUrl}/signup?token=${encodeSignupPayload(payload)}${reset ? '&reset=1' : ''}`;
}
