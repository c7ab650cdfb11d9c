import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { fillMessage } from '../domain/josa';
import { shellKo } from '../i18n/shell.ko';
import { declaredResourcesKo } from '../i18n/resources';
import { billingKo } from '../i18n/billing.ko';

/** The shell's Korean texts, the declared resources' (their menu items read `<name>.title`) and the billing dialogs' (opened from the balance box). */
const DEFAULTS = { ...shellKo, ...declaredResourcesKo, ...billingKo };

/** The Korean text at a dotted key of the shell's defaults, used as the default of every shell translation. */
export function defaultShellText(key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], DEFAULTS);
  return typeof value === 'string' ? value : key;
}


/**
 * Translates a `shell.*` key, falling back to the Korean text, so the shell reads well before
 * (and regardless of whether) the catalogue owner merges shellKo into the react-admin messages.
 * Without any i18nProvider react-admin's translate echoes the key, which is caught here too.
 */
export function useShellText(): (key: string, options?: Record<string, unknown>) => string {
  const translate = useTranslate();
  return useCallback(
    (key, options) => {
      const text = translate(key, { _: defaultShellText(key), ...options });
      return text === key ? fillMessage(defaultShellText(key), options) : text;
    },
    [translate],
  );
}
