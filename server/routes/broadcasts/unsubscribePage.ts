// The pages of a broadcast mail's unsubscribe link (issue 41 m26): Touchline's name and colours, in
// English or Spanish as the browser asks (Accept-Language), each state with the one button that
// changes it. Plain HTML from the server: the link must work without the app's bundle or a sign-in.

export type UnsubscribeState = 'ask' | 'unsubscribed' | 'resubscribed' | 'invalid';
type Language = 'en' | 'es';

interface Texts { title: string; body: string; button?: string }

const TEXTS: Record<Language, Record<UnsubscribeState, Texts> & { brand: string }> = {
  en: {
    brand: 'Touchline',
    ask: {
      title: 'Unsubscribe from these e-mails?',
      body: '%{email} receives the messages facilities send to their leagues, teams and classes. Unsubscribe to receive no more of them.',
      button: 'Unsubscribe',
    },
    unsubscribed: {
      title: 'You are unsubscribed',
      body: '%{email} will not receive these e-mails any more. Changed your mind? You can subscribe again.',
      button: 'Subscribe again',
    },
    resubscribed: {
      title: 'You are subscribed again',
      body: '%{email} will receive these e-mails again.',
      button: 'Unsubscribe',
    },
    invalid: {
      title: 'This link does not work',
      body: 'The unsubscribe link is incomplete or was changed. Open it again from the e-mail, or use the link at the bottom of a newer message.',
    },
  },
  es: {
    brand: 'Touchline',
    ask: {
      title: '¿Darse de baja de estos correos?',
      body: '%{email} recibe los mensajes que las sedes envían a sus ligas, equipos y clases. Dese de baja para no recibir más.',
      button: 'Darme de baja',
    },
    unsubscribed: {
      title: 'Se ha dado de baja',
      body: '%{email} ya no recibirá estos correos. ¿Ha cambiado de opinión? Puede volver a suscribirse.',
      button: 'Volver a suscribirme',
    },
    resubscribed: {
      title: 'Se ha suscrito de nuevo',
      body: '%{email} volverá a recibir estos correos.',
      button: 'Darme de baja',
    },
    invalid: {
      title: 'Este enlace no funciona',
      body: 'El enlace para darse de baja está incompleto o fue modificado. Ábralo de nuevo desde el correo, o use el enlace al pie de un mensaje más reciente.',
    },
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reader's language: Spanish when the browser's first choice is, else English. */
export function languageOf(acceptLanguage: string | undefined): Language {
  return /^\s*es\b/i.test(acceptLanguage ?? '') ? 'es' : 'en';
}

const STYLE = `body{margin:0;background:#f4f6f4;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2a1f}
main{max-width:34rem;margin:4rem auto;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15);overflow:hidden}
header{background:#1b5e20;color:#fff;padding:1rem 1.5rem;font-size:1.25rem;font-weight:600;letter-spacing:.02em}
section{padding:1.5rem}h1{font-size:1.4rem;margin:0 0 1rem}p{line-height:1.5;margin:0 0 1.5rem}p:last-child{margin-bottom:0}
button{background:#1b5e20;color:#fff;border:0;border-radius:4px;padding:.7rem 1.4rem;font-size:1rem;cursor:pointer}
button:hover,button:focus-visible{background:#2e7d32;outline:2px solid #1b5e20;outline-offset:2px}`;

/**
 * The page of `state` for `email`; `action` is where its button posts (none for a link that is not ours).
 * The unsubscribe form carries RFC 8058's List-Unsubscribe=One-Click, as a mail client's POST does.
 */
export function unsubscribePage(state: UnsubscribeState, language: Language, email: string | null, action?: string): string {
  const texts = TEXTS[language];
  const { title, body, button } = texts[state];
  const text = escapeHtml(body).replace('%{email}', `<strong>${escapeHtml(email ?? '')}</strong>`);
  const oneClick = state === 'unsubscribed' ? '' : '<input type="hidden" name="List-Unsubscribe" value="One-Click">';
  const form = button && action ? `<form method="post" action="${escapeHtml(action)}">${oneClick}<button type="submit">${escapeHtml(button)}</button></form>` : '';
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${escapeHtml(title)} · ${texts.brand}</title><style>${STYLE}</style></head>`
    + `<body><main><header>${texts.brand}</header><section><h1>${escapeHtml(title)}</h1><p>${text}</p>${form}</section></main></body></html>`;
}
