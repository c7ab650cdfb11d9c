import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { resolveParticles } from '../domain/josa';
import { koMessages } from './ko';
import { enMessages } from './en';

export const LOCALES = [
  { locale: 'ko', name: '한국어' },
  { locale: 'en', name: 'English' },
];

const catalogues: Record<string, TranslationMessages> = { ko: koMessages, en: enMessages };

const polyglot = polyglotI18nProvider((locale) => catalogues[locale] ?? koMessages, 'ko', LOCALES, {
  allowMissing: true,
});

/**
 * Korean by default, English offered; an unknown key falls back to the key's own default text.
 * The catalogue's particle markers ("%{name}을(를)") are resolved against the filled-in words.
 */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  translate: (key, options) => resolveParticles(polyglot.translate(key, options)),
};
