// The families' site's web tests: a JSON answer for a stubbed fetch, and a family signed in (a portal
// token kept) in a language, with nothing left of an earlier test's storage.

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function signedInPortal(language: 'en' | 'es' = 'en'): void {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('touchline.portal.token', 'x'.repeat(43));
  localStorage.setItem('touchline.portal.language', language);
}
