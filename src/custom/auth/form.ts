import { useCallback, useEffect, useState, type RefObject } from 'react';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { toFieldErrors } from '../../domain/validation/account';
import { ApiRequestError } from '../../providers/http';
import { MSG } from '../../domain/messages';

export type FieldErrors = Record<string, string | undefined>;

/** The first message of each field, or {} when the values pass. */
export function validateAll(schema: AnyObjectSchema, values: object): Record<string, string> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (err) {
    if (err instanceof ValidationError) return toFieldErrors(err);
    throw err;
  }
}

/** One field's message against the whole values (so refs like passwordConfirm work), or undefined. */
export function validateField(schema: AnyObjectSchema, name: string, values: object): string | undefined {
  try {
    schema.validateSyncAt(name, values);
    return undefined;
  } catch (err) {
    if (err instanceof ValidationError) return err.message;
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
