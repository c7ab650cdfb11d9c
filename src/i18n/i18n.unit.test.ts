import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { koMessages } from './ko';
import { enMessages } from './en';
import { i18nProvider } from './i18nProvider';
import { MSG } from '../domain/messages';
import { RESOURCE_DEFINITIONS } from '../domain/resources';
import { columnsOf, fieldLabel, inputFields } from '../domain/resource';
import { guaranteeResource } from '../domain/resources/guarantee';
import { customerResource } from '../domain/resources/customer';
import { BESPOKE_VIEWS } from '../pages';
import { loungeKo } from './lounge.ko';
import { fillMessage } from '../domain/josa';
import { particleMistakes, SAMPLE_WORDS } from '../domain/testing/particles';

/** Every leaf path of a nested catalogue, e.g. `ra.action.save`. */
function leafPaths(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  if (node === null || typeof node !== 'object') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => leafPaths(v, prefix ? `${prefix}.${k}` : k));
}

function valueAt(node: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((acc, k) => (acc && typeof acc === 'object' ? (acc as Record<string, unknown>)[k] : undefined), node);
}

describe('Korean catalogue', () => {
  it('translates every ra.* key of ra-language-english', () => {
    const paths = leafPaths(englishMessages.ra, 'ra');
    expect(paths.length).toBeGreaterThan(150);
    const missing = paths.filter((p) => {
      const v = valueAt(koMessages, p);
      const english = valueAt(englishMessages, p);
      return typeof v !== 'string' || (v.trim() === '' && String(english).trim() !== '');
    });
    expect(missing).toEqual([]);
  });

  it('has no extra ra.* keys english lacks (typos)', () => {
    const english = new Set(leafPaths(englishMessages.ra, 'ra'));
    expect(leafPaths(koMessages.ra, 'ra').filter((p) => !english.has(p))).toEqual([]);
  });

  it('keeps the same app and shell keys in Korean and English', () => {
    // Every area but react-admin's own (`ra`, checked above) and the Korean-only auth pages.
    const roots = Object.keys(koMessages).filter((root) => root !== 'ra' && root !== 'auth');
    expect(roots).toEqual(expect.arrayContaining(['app', 'shell', 'guarantee', 'template', 'bulkIssue', 'customer', ...RESOURCE_DEFINITIONS.map((d) => d.name)]));
    for (const root of roots) {
      const ko = leafPaths(koMessages[root], root).sort();
      const en = leafPaths(enMessages[root], root).sort();
      expect(en).toEqual(ko);
      for (const p of ko) {
        expect(String(valueAt(koMessages, p)).trim(), p).not.toBe('');
        expect(String(valueAt(enMessages, p)).trim(), p).not.toBe('');
      }
    }
  });

  it('uses the spec texts where the spec fixes them', () => {
    expect(valueAt(koMessages, 'ra.message.unsaved_changes')).toBe(MSG.unsavedChanges);
    expect(valueAt(koMessages, 'ra.action.save')).toBe('저장');
    expect(valueAt(koMessages, 'ra.navigation.no_results')).toBe('결과가 없어요');
    expect(valueAt(koMessages, 'ra.message.yes')).toBe('예');
    expect(valueAt(koMessages, 'ra.message.no')).toBe('아니요');
    expect(valueAt(koMessages, 'app.errorPage.title')).toBe(MSG.errorPageTitle);
  });

  it('merges the auth catalogue', () => {
    expect(valueAt(koMessages, 'auth.common.login')).toBe('로그인');
  });
});

/** The generic pages' own texts; a resource whose folder replaces list, register and edit (products) reads its own. */
const GENERIC_PAGE_KEYS = ['listLabel', 'register', 'edit', 'created', 'saved', 'deleted', 'deleteAria', 'deleteTitle', 'deleteConfirm', 'notFound', 'fields.actions'];
const usesGenericPages = (name: string) => {
  const own = BESPOKE_VIEWS[name] ?? {};
  return !(own.list && own.register && own.edit);
};

describe.each(RESOURCE_DEFINITIONS.map((def) => [def.name, def] as const))('the labels of the declared resource %s', (name, def) => {
  it('has every text its generic pages and menu item read, in Korean and English', () => {
    const pageKeys = ['title', ...(usesGenericPages(name) ? GENERIC_PAGE_KEYS : [])];
    const fieldKeys = [...new Set([...columnsOf(def), ...inputFields(def).map(([source]) => source)])].map((source) => `fields.${source}`);
    const helpKeys = Object.entries(def.fields).filter(([, f]) => f.help).map(([source]) => `${source}Help`);
    for (const key of [...pageKeys, ...fieldKeys, ...helpKeys]) {
      expect(typeof valueAt(koMessages, `${name}.${key}`), `ko ${name}.${key}`).toBe('string');
      expect(typeof valueAt(enMessages, `${name}.${key}`), `en ${name}.${key}`).toBe('string');
    }
  });
});

describe.each([guaranteeResource, customerResource].map((def) => [def.name, def] as const))('the labels of the %s definition (bespoke pages)', (_name, def) => {
  it('has a label for every field, in Korean and English', () => {
    for (const source of Object.keys(def.fields)) {
      expect(typeof valueAt(koMessages, fieldLabel(def, source)), `ko ${source}`).toBe('string');
      expect(typeof valueAt(enMessages, fieldLabel(def, source)), `en ${source}`).toBe('string');
    }
  });
});

describe('i18nProvider', () => {
  it('is Korean by default and offers English', async () => {
    expect(i18nProvider.getLocale()).toBe('ko');
    expect(i18nProvider.translate('ra.action.save')).toBe('저장');
    expect(i18nProvider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 25, total: 40 })).toBe('1-25 / 전체 40');
    expect(i18nProvider.getLocales?.().map((l) => l.locale)).toEqual(['ko', 'en']);
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
    expect(i18nProvider.translate('app.notFound.home')).toBe('Go home');
    await i18nProvider.changeLocale('ko');
  });
});

/** Every text of a catalogue that fills a %{variable}, with its path. */
function slotTexts(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return /%\{\w+\}/.test(node) ? [[prefix, node]] : [];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => slotTexts(v, prefix ? `${prefix}.${k}` : k));
}

describe('Korean particles after a variable (issue 22 C)', () => {
  const consoleTexts = slotTexts(koMessages);
  const loungeTexts = slotTexts(loungeKo);

  it('finds the texts that take a variable, in the console and the lounge', () => {
    expect(consoleTexts.length).toBeGreaterThan(50);
    expect(loungeTexts.length).toBeGreaterThan(3);
  });

  it.each(SAMPLE_WORDS)('reads right with %s in every variable, through the console translate and the lounge fill', (word) => {
    const valuesOf = (text: string) => Object.fromEntries([...text.matchAll(/%\{(\w+)\}/g)].map(([, name]) => [name, name === 'smart_count' ? 1 : word]));
    const mistakes = [
      ...consoleTexts.flatMap(([key, text]) => particleMistakes(i18nProvider.translate(key, valuesOf(text)), word).map((m) => `${key}: ${m}`)),
      ...loungeTexts.flatMap(([key, text]) => particleMistakes(fillMessage(text, valuesOf(text)), word).map((m) => `lounge ${key}: ${m}`)),
    ];
    expect(mistakes).toEqual([]);
  });
});
