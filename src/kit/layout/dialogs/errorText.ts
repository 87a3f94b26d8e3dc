// The text of the error dialog (spec 1 §8): the response's message (or its body when that is plain
// text), else the error's own message, else a dump of whatever was thrown.

export function errorText(error: unknown): string {
  if (typeof error === 'string' && error) return error;
  const e = (error ?? {}) as { body?: unknown; message?: unknown };
  const body = e.body as { message?: unknown } | string | null | undefined;
  if (typeof body === 'string' && body.trim()) return body;
  if (body && typeof body === 'object' && typeof body.message === 'string' && body.message) return body.message;
  if (typeof e.message === 'string' && e.message) return e.message;
  try {
    return JSON.stringify(error, null, 2) ?? String(error);
  } catch {
    return String(error);
  }
}
