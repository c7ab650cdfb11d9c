import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { resolveParticles } from '../domain/josa';
import { koMessages } from './ko';

export const LOCALES = [
  { locale: 'ko', name: '한국어' },
  { locale: 'en', name: 'English' },
];

/**
 * Korean is the console's first screen; the English catalogue (and react-admin's English texts) load
 * only when someone picks English, not with every first load (issue 24).
 */
const messages = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
  locale === 'en' ? import('./en').then((m) => m.enMessages) : koMessages;

const polyglot = polyglotI18nProvider(messages, 'ko', LOCALES, {
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
