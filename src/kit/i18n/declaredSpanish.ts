import type { MessageTree } from './areas';

// The reasons the declarations give (core/validation, core/api: "cannot be negative", "is too long (200
// characters at most)") and the server's refusals are English: they are the API's words, shown under a
// form's field by the resolver and by the server's 400. A Spanish reader gets them in Spanish here: a
// text the catalogue already holds in English is its Spanish twin (the spec's messages: "Invalid
// email"), a reason of the declarations' own wording is one of the patterns below, with its numbers and
// names kept; anything else stays as the server wrote it. Loaded with the Spanish catalogue only.

/** English text → its Spanish, for every string both catalogues hold at the same key. */
export function twins(en: MessageTree, es: MessageTree, into = new Map<string, string>()): Map<string, string> {
  const stack: Array<[MessageTree, MessageTree]> = [[en, es]];
  while (stack.length) {
    const [english, spanish] = stack.pop()!;
    for (const [key, text] of Object.entries(english)) {
      const other = spanish[key];
      if (typeof text === 'string') {
        if (typeof other === 'string' && !into.has(text)) into.set(text, other);
      } else if (other && typeof other === 'object') {
        stack.push([text, other]);
      }
    }
  }
  return into;
}

/** The declarations' reasons, each a whole message (a capital first letter is kept as it came). */
const PATTERNS: Array<[RegExp, string]> = [
  [/^is required$/, 'es obligatorio'],
  [/^cannot be negative$/, 'no puede ser negativo'],
  [/^must be (\d+) or more$/, 'debe ser $1 o más'],
  [/^must be more than (\d+)$/, 'debe ser mayor que $1'],
  [/^must be at least (\d+)$/, 'debe ser al menos $1'],
  [/^must be at most (\S+)$/, 'debe ser como máximo $1'],
  [/^must be a positive whole number$/, 'debe ser un número entero positivo'],
  [/^must be a contract product type \((.+) or (\d+)\)$/, 'debe ser un tipo de producto de contrato ($1 o $2)'],
  // zod's own wording, where a declaration gives none.
  [/^too small: expected number to be >=(\S+)$/, 'debe ser al menos $1'],
  [/^too small: expected number to be >(\S+)$/, 'debe ser mayor que $1'],
  [/^too big: expected number to be <=(\S+)$/, 'debe ser como máximo $1'],
  [/^too big: expected number to be <(\S+)$/, 'debe ser menor que $1'],
  [/^too small: expected string to have >=(\d+) characters?$/, 'debe tener al menos $1 caracteres'],
  [/^too big: expected string to have <=(\d+) characters?$/, 'debe tener como máximo $1 caracteres'],
  [/^too small: expected array to have >=(\d+) items?$/, 'debe tener al menos $1 elementos'],
  [/^too big: expected array to have <=(\d+) items?$/, 'debe tener como máximo $1 elementos'],
  [/^invalid input: expected int, received number$/, 'debe ser un número entero'],
  [/^invalid input: expected \w+, received undefined$/, 'es obligatorio'],
  [/^invalid email address$/, 'correo electrónico no válido'],
  [/^invalid option: expected one of (.+)$/, 'debe ser uno de estos: $1'],
  [/^must be at least (\d+) minutes$/, 'debe ser de al menos $1 minutos'],
  [/^must be at most (\d+) minutes$/, 'debe ser de $1 minutos como máximo'],
  [/^must be at most (\d+) characters$/, 'debe tener como máximo $1 caracteres'],
  [/^is too long \((\d+) characters at most\)$/, 'es demasiado largo ($1 caracteres como máximo)'],
  [/^must have at most (\d+) decimals$/, 'debe tener como máximo $1 decimales'],
  [/^at most two decimals$/, 'dos decimales como máximo'],
  [/^must be a whole number$/, 'debe ser un número entero'],
  [/^must be a whole number of cents$/, 'debe ser un número entero de centavos'],
  [/^must be an amount in dollars$/, 'debe ser un importe en dólares'],
  [/^must be an amount in cents$/, 'debe ser un importe en centavos'],
  [/^must be a date \(unix seconds\)$/, 'debe ser una fecha (segundos unix)'],
  [/^must be after the start$/, 'debe ser posterior al inicio'],
  [/^must be a time written HH:mm$/, 'debe ser una hora escrita HH:mm'],
  [/^must be a colour like (#[0-9a-fA-F]{6})$/, 'debe ser un color como $1'],
  [/^must be a time zone such as (\S+)$/, 'debe ser una zona horaria como $1'],
  [/^must be a time from 0 to 24 in quarter hours \(18\.5 is 18:30; 24 means midnight\)$/, 'debe ser una hora de 0 a 24 en cuartos de hora (18.5 es 18:30; 24 es medianoche)'],
  [/^must be 0 \(Sunday\) to 6 \(Saturday\)$/, 'debe ser de 0 (domingo) a 6 (sábado)'],
  [/^must be true or false$/, 'debe ser verdadero o falso'],
  [/^must be text$/, 'debe ser texto'],
  [/^must be digits$/, 'debe tener solo dígitos'],
  [/^must be a facility ID$/, 'debe ser el ID de una sede'],
  [/^must be a facility ID \(0 for all\)$/, 'debe ser el ID de una sede (0 para todas)'],
  [/^must be 0 \(all\) or a facility ID$/, 'debe ser 0 (todas) o el ID de una sede'],
  [/^must be one of (.+)$/, 'debe ser uno de estos: $1'],
  [/^must not repeat a coach$/, 'no puede repetir un entrenador'],
  [/^must be a record ID$/, 'debe ser el ID de un registro'],
  [/^must be a list of record IDs$/, 'debe ser una lista de IDs de registros'],
  [/^must be a discount ID$/, 'debe ser el ID de un descuento'],
  [/^must be a product type ID$/, 'debe ser el ID de un tipo de producto'],
  [/^must be a facility ID \((\d+) for all\)$/, 'debe ser el ID de una sede ($1 para todas)'],
  [/^must be a whole number of players$/, 'debe ser un número entero de jugadores'],
  [/^must be 1 \(general\) or 2 \(team\)$/, 'debe ser 1 (general) o 2 (equipo)'],
  [/^must be true \(a percentage\) or false \(a fixed amount\)$/, 'debe ser verdadero (un porcentaje) o falso (un importe fijo)'],
  [/^must be an object with the settings of the type$/, 'debe ser un objeto con los ajustes del tipo'],
  [/^is a percent and cannot be more than (\d+)$/, 'es un porcentaje y no puede ser mayor que $1'],
  [/^is a fraction and cannot be more than 1 \(100 %\)$/, 'es una fracción y no puede ser mayor que 1 (100 %)'],
  [/^at most (\d+) items$/, 'como máximo $1 elementos'],
  [/^names are at most (\d+) characters$/, 'los nombres tienen como máximo $1 caracteres'],
];

const capital = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The Spanish of one reason, or null when it has none. */
function reason(text: string, known: Map<string, string>): string | null {
  const exact = known.get(text);
  if (exact !== undefined) return exact;
  const lower = text.charAt(0).toLowerCase() + text.slice(1);
  for (const [pattern, spanish] of PATTERNS) {
    if (pattern.test(lower)) {
      const out = lower.replace(pattern, spanish);
      return text.charAt(0) === lower.charAt(0) ? out : capital(out);
    }
  }
  return null;
}

/**
 * The Spanish of a declared reason or a server message: whole, or "field: reason" with its field's
 * name kept, or several such joined by "; ". Null when some part has no Spanish.
 */
export function spanishOf(text: string, known: Map<string, string>): string | null {
  const whole = reason(text, known);
  if (whole !== null) return whole;
  const parts = text.split('; ').map((part) => {
    const colon = part.indexOf(': ');
    if (colon <= 0) return reason(part, known);
    const said = reason(part.slice(colon + 2), known);
    return said === null ? null : `${part.slice(0, colon)}: ${said}`;
  });
  return parts.every((p) => p !== null) ? parts.join('; ') : null;
}
