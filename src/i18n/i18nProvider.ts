import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import { koMessages } from './ko';
import { enMessages } from './en';

export const LOCALES = [
  { locale: 'ko', name: '한국어' },
  { locale: 'en', name: 'English' },
];

const catalogues: Record<string, TranslationMessages> = { ko: koMessages, en: enMessages };

/** Korean by default, English offered; an unknown key falls back to the key's own default text. */
export const i18nProvider = polyglotI18nProvider((locale) => catalogues[locale] ?? koMessages, 'ko', LOCALES, {
  allowMissing: true,
});
