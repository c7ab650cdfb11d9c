import { MESSAGE_MSG } from './texts';

/**
 * Personal variables (spec 3 §5): only the customer-name code and up to 5 button-link codes. A
 * button-link code stands for the tracked short link of the button with that number (the click
 * goes through our redirect, counted for clickRate). Any malformed or unknown code invalidates
 * the message.
 */
export const NAME_CODE = '#{고객명}';
export const BUTTON_LINK_CODES = ['#{링크1}', '#{링크2}', '#{링크3}', '#{링크4}', '#{링크5}'] as const;
export const BUTTON_VARIABLES_MAX = 5;
export const VARIABLE_CODES = [NAME_CODE, ...BUTTON_LINK_CODES] as const;

export interface ParsedVariables {
  /** Known codes in order of first use. */
  codes: string[];
  /** The button numbers (1–5) whose link codes are used. */
  buttonLinks: number[];
  error: string | null;
}

/**
 * Parses a text's variable codes. A code is `#{…}`; a `#{` without its `}` (or with a `{`, `#` or
 * line break inside) is malformed, and a well-formed code not in the list is unknown.
 */
export function parseVariables(text: string): ParsedVariables {
  const codes: string[] = [];
  let error: string | null = null;
  let i = 0;
  while ((i = text.indexOf('#{', i)) !== -1) {
    const close = text.indexOf('}', i + 2);
    const inner = close === -1 ? null : text.slice(i + 2, close);
    if (inner === null || /[{#\n]/.test(inner) || inner.trim() === '') {
      error ??= MESSAGE_MSG.variableMalformed;
      i += 2;
      continue;
    }
    const code = `#{${inner}}`;
    if (!(VARIABLE_CODES as readonly string[]).includes(code)) error ??= MESSAGE_MSG.variableUnknown(code);
    else if (!codes.includes(code)) codes.push(code);
    i = close + 1;
  }
  const buttonLinks = codes.filter((c) => c !== NAME_CODE).map((c) => BUTTON_LINK_CODES.indexOf(c as (typeof BUTTON_LINK_CODES)[number]) + 1);
  if (!error && buttonLinks.length > BUTTON_VARIABLES_MAX) error = MESSAGE_MSG.buttonVariablesMax;
  return { codes, buttonLinks, error };
}

/** Checks the variables of a message's texts together; a link code needs its button. */
export function checkVariables(texts: string[], buttonCount: number): string | null {
  for (const t of texts) {
    const parsed = parseVariables(t);
    if (parsed.error) return parsed.error;
    const missing = parsed.buttonLinks.find((n) => n > buttonCount);
    if (missing) return MESSAGE_MSG.buttonVariableWithoutButton(BUTTON_LINK_CODES[missing - 1]);
  }
  return null;
}

/** Fills the codes of a valid text: the customer's name and each button's tracked link. */
export function fillVariables(text: string, values: { name: string; links: string[] }): string {
  let out = text.split(NAME_CODE).join(values.name);
  BUTTON_LINK_CODES.forEach((code, n) => { out = out.split(code).join(values.links[n] ?? ''); });
  return out;
}
