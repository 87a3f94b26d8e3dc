import sanitizeHtml from 'sanitize-html';

// A broadcast's body is HTML typed by staff and mailed to customers: the server keeps only an allowlist
// (issue 29 item 2). No script or style element, no event handler or other unlisted attribute, links and
// images only over http(s) (and mailto: links) — no javascript:, data: or vbscript: URL, however
// encoded — and of inline styles only text alignment and plain colours (no expression(), url() …).

const COLOUR = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\))$/i;

const ABSOLUTE = /^(https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'code',
    'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'mark',
    'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [COLOUR],
      'background-color': [COLOUR],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Script and style elements go with their content; other refused tags leave their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Only absolute http(s) and mailto: links (a mail has no base for a relative one, and whatever
    // a browser might read as another scheme goes); a link opens in a new window without a handle on the mail.
    a: (tagName, attribs) => {
      const { href, target, ...rest } = attribs;
      return { tagName, attribs: { ...rest, ...(href && ABSOLUTE.test(href) ? { href } : {}), ...(target ? { target: '_blank', rel: 'noopener noreferrer' } : {}) } };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: { ...rest, ...(src && /^https?:\/\//i.test(src) ? { src } : {}) } };
    },
  },
};

/** The broadcast body as it is stored and sent. */
export function sanitizeBroadcastHtml(html: string): string {
  // Run to a fixed point: whatever a first pass leaves is what a second pass would keep.
  let clean = sanitizeHtml(html, OPTIONS);
  for (let i = 0; i < 3; i++) {
    const again = sanitizeHtml(clean, OPTIONS);
    if (again === clean) break;
    clean = again;
  }
  return clean;
}

/** The plain-text part of a broadcast mail. */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<\/(p|div|h[1-4]|li|tr|blockquote|pre)>|<br\s*\/?>/gi, '\n');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n').trim();
}
