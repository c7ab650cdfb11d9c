import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { AnyObjectSchema } from 'yup';
import { isValidationError, toFieldErrors } from '../../domain/validation/fieldErrors';
import { ApiRequestError } from '../../providers/http';
import { MSG } from '../../domain/messages';

export type FieldErrors = Record<string, string | undefined>;

/** The rules of a form: a yup schema, or its loader, so a page's first download can leave yup out. */
export type SchemaSource = AnyObjectSchema | (() => Promise<AnyObjectSchema>);

/** The first message of each field, or {} when the values pass. */
export function validateAll(schema: AnyObjectSchema, values: object): Record<string, string> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (err) {
    if (isValidationError(err)) return toFieldErrors(err);
    throw err;
  }
}

/** One field's message against the whole values (so refs like passwordConfirm work), or undefined. */
export function validateField(schema: AnyObjectSchema, name: string, values: object): string | undefined {
  try {
    schema.validateSyncAt(name, values);
    return undefined;
  } catch (err) {
    if (isValidationError(err)) return err.message;
    throw err;
  }
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** Any thrown value as an ApiRequestError, so pages can read code/title/message. */
export function asApiError(err: unknown): ApiRequestError {
  if (err instanceof ApiRequestError) return err;
  return new ApiRequestError(0, { code: 'INTERNAL_ERROR', title: MSG.genericErrorTitle, message: MSG.genericErrorMessage });
}

/**
 * Moves focus to the first invalid control of the form after the errors have rendered.
 * Call the returned function whenever a submit fails validation.
 */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>): () => void {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!tick) return;
    const el = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus();
  }, [tick, formRef]);
  return useCallback(() => setTick((t) => t + 1), []);
}

type FieldValue = string | boolean;

export interface Fields<V extends Record<string, FieldValue>> {
  values: V;
  errors: FieldErrors;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  /** Changes fields; those already touched or in error are checked again (the confirmation with the password). */
  update: (patch: Partial<V>) => V;
  set: <K extends keyof V & string>(name: K, value: V[K]) => V;
  /** The blur handler: a field left empty and without error waits for the submit. */
  blur: (name: keyof V & string) => () => void;
  /** Checks every field (or the given ones) as on submit: shows all their messages and returns them. */
  validate: (names?: (keyof V & string)[]) => FieldErrors;
  /** Resolves once the rules are loaded (a lazily given schema); await it before `validate` on submit. */
  ready: () => Promise<unknown>;
  /** value, onChange, onBlur and error of a text field, to spread on a TextInput. */
  input: (name: keyof V & string) => { name: string; value: string; onChange: (value: string) => void; onBlur: () => void; error?: string };
}

/**
 * Values, messages and touched state of an auth form checked against a yup schema (or its loader): a field is
 * checked on blur, then again on every change once touched (`live: 'touched'`, the default) or
 * only while it shows an error (`live: 'error'`). `context` joins values the form does not edit.
 */
export function useFields<V extends Record<string, FieldValue>>(
  source: SchemaSource,
  initial: V,
  { context, live = 'touched' }: { context?: object; live?: 'touched' | 'error' } = {},
): Fields<V> {
  type Name = keyof V & string;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  // A ref, not state: a submit that waited for the rules checks with them in the same call.
  const schema = useRef<AnyObjectSchema | null>(typeof source === 'function' ? null : source);
  const loading = useRef<Promise<unknown> | null>(null);
  const ready = () => (loading.current ??= typeof source === 'function' ? source().then((s) => (schema.current = s)) : Promise.resolve());
  // Loads once the page is on screen and the browser idle (its first download stays without the rules);
  // later calls return the same promise.
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return void ready();
    const id = window.requestIdleCallback(() => void ready(), { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  });
  // Before the rules have loaded (the first moments of the sign-in page), a left field waits for the submit.
  const check = (name: Name, v: V) => (schema.current ? validateField(schema.current, name, { ...v, ...context }) : undefined);

  const update = (patch: Partial<V>): V => {
    const next = { ...values, ...patch };
    setValues(next);
    const names = Object.keys(patch) as Name[];
    if ('password' in patch && 'passwordConfirm' in values) names.push('passwordConfirm');
    setErrors((e) => {
      const out = { ...e };
      for (const f of names) if (e[f] || (live === 'touched' && touched[f])) out[f] = check(f, next);
      return out;
    });
    return next;
  };

  const blur = (name: Name) => () => {
    if (!values[name] && !errors[name]) return;
    setTouched((t) => ({ ...t, [name]: true }));
    setErrors((e) => ({ ...e, [name]: check(name, values) }));
  };

  const validate = (names: Name[] = Object.keys(values) as Name[]): FieldErrors => {
    const all = schema.current ? validateAll(schema.current, { ...values, ...context }) : {};
    const found: FieldErrors = Object.fromEntries(Object.entries(all).filter(([k]) => !(k in values) || names.includes(k as Name)));
    setErrors(found);
    setTouched((t) => ({ ...t, ...Object.fromEntries(names.map((n) => [n, true])) }));
    return found;
  };

  return {
    values,
    errors,
    setErrors,
    update,
    set: (name, value) => update({ [name]: value } as unknown as Partial<V>),
    blur,
    validate,
    ready,
    input: (name) => ({ name, value: String(values[name]), onChange: (v: string) => update({ [name]: v } as unknown as Partial<V>), onBlur: blur(name), error: errors[name] }),
  };
}
