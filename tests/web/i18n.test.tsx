import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { en as englishShell } from '../../src/kit/i18n/en';
import { es as spanishShell } from '../../src/kit/i18n/es';
import { raSpanish } from '../../src/kit/i18n/ra-es';
import { deepMerge, type AreaMessages, type MessageTree } from '../../src/kit/i18n/areas';
import { createI18nProvider, loadLocale } from '../../src/kit/i18n/i18nProvider';

type Tree = { [key: string]: string | Tree };

// Every area's messages (they load with their code: src/kit/i18n/areas.ts), each checked on its own and
// merged with the shell's into the whole catalogue of each language.
const AREAS = import.meta.glob<AreaMessages>(['../../src/**/messages.ts', '../../resources/**/messages.ts'], { eager: true });
const whole = (shell: MessageTree, language: keyof AreaMessages) =>
  Object.values(AREAS).reduce<MessageTree>((all, area) => deepMerge(all, area[language]), shell);
const en = whole(englishShell as MessageTree, 'en');
const es = whole(spanishShell as MessageTree, 'es');

/** Every key path of a message tree, with its text. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

describe('the translations', () => {
  it("translate every react-admin key into Spanish (ra-language-english's tree, key for key)", () => {
    expect([...leaves(raSpanish as Tree).keys()].sort()).toEqual([...leaves(englishMessages as Tree).keys()].sort());
  });

  it('give Spanish every key of the English app messages, none left empty', () => {
    const englishLeaves = leaves(en as Tree);
    const spanishLeaves = leaves(es as Tree);
    expect([...spanishLeaves.keys()].sort()).toEqual([...englishLeaves.keys()].sort());
    for (const [key, text] of spanishLeaves) expect(text.trim() || key === 'ra.boolean.null', key).toBeTruthy();
  });

  it('give each area the same keys in both languages', () => {
    expect(Object.keys(AREAS).length).toBeGreaterThan(10);
    for (const [file, area] of Object.entries(AREAS)) {
      expect([...leaves(area.es).keys()].sort(), file).toEqual([...leaves(area.en).keys()].sort());
    }
  });

  it("replace react-admin's generic texts ('Element created', 'No %{name} found', the 404 page) in both languages", async () => {
    await loadLocale('es'); // Spanish loads when chosen
    const english = createI18nProvider('en');
    const spanish = createI18nProvider('es');
    expect(english.translate('ra.notification.created')).toBe('Saved');
    expect(english.translate('ra.navigation.no_results', { name: 'Integrations' })).toBe('Nothing to show here yet');
    expect(english.translate('ra.page.not_found')).toBe('Page not found');
    expect(spanish.translate('ra.notification.created')).toBe('Guardado');
    expect(spanish.translate('ra.page.not_found')).toBe('Página no encontrada');
    expect(spanish.translate('ra.message.not_found')).toMatch(/^No hay ninguna página/);
  });

  it("say the declarations' reasons and the server's messages in Spanish, and leave them as they are in English", async () => {
    await loadLocale('es');
    const spanish = createI18nProvider('es');
    const english = createI18nProvider('en');
    // As a form shows a reason under its field (react-admin translates it with itself as the default).
    expect(spanish.translate('Is too long (200 characters at most)', { _: 'Is too long (200 characters at most)' })).toBe('Es demasiado largo (200 caracteres como máximo)');
    expect(spanish.translate('end_date: must be after the start')).toBe('end_date: debe ser posterior al inicio');
    expect(spanish.translate('Invalid email', { _: 'Invalid email' })).not.toBe('Invalid email');
    expect(english.translate('Is too long (200 characters at most)', { _: 'Is too long (200 characters at most)' })).toBe('Is too long (200 characters at most)');
    // A catalogue key is never taken for a message.
    expect(spanish.translate('ra.action.save')).toBe('Guardar');
  });

  it('translate stored data values: genders, relations and product categories', async () => {
    await loadLocale('es');
    const spanish = createI18nProvider('es');
    expect(spanish.translate('values.genders.Female')).toBe('Femenino');
    expect(spanish.translate('values.relations.Mother')).toBe('Madre');
    expect(spanish.translate('values.product_categories.rental')).toBe('Alquiler de cancha');
    expect(createI18nProvider('en').translate('values.product_categories.league')).toBe('League');
  });

  it("use one Spanish word for a facility ('Sede') and one for a field ('Cancha')", () => {
    const spanish = [...leaves(es as Tree)].filter(([key]) => !key.startsWith('ra.'));
    expect(spanish.filter(([, text]) => /instalaci[oó]n/i.test(text))).toEqual([]);
    // 'campo' stays only for form fields (e.g. 'Complete todos los campos'), never for a playing field.
    expect(spanish.filter(([, text]) => /tipos? de campo|campo \d/i.test(text))).toEqual([]);
    expect(leaves(es as Tree).get('app.facility')).toBe('Sede');
  });

  it("carry the spec's messages word for word in English", () => {
    const texts = new Set(leaves(en as Tree).values());
    for (const message of [
      'Wrong email/password combination',
      'Sign up',
      'Password recover',
      'Please fill out all the fields',
      'Passwords do not match',
      'The phone number must have format: 111-222-3333',
      'Error signing up',
      'Wrong signup link',
      'Please fill out your email',
      'Please check your email for a link to reset your password',
      'Update available, please click here',
      'Leagues & tournaments',
      'this action is irreversible',
    ]) {
      expect(texts, message).toContain(message);
    }
  });

  it('remember the chosen language across reloads', async () => {
    localStorage.clear();
    expect(createI18nProvider().getLocale()).toBe('en');
    await createI18nProvider().changeLocale('es');
    const next = createI18nProvider();
    expect(next.getLocale()).toBe('es');
    expect(next.translate('menu.invoices')).toBe('Facturas');
    expect(next.translate('ra.action.save')).toBe('Guardar');
    expect(document.documentElement.lang).toBe('es');
  });
});
