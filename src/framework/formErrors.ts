import { HttpError } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { AnyObjectSchema } from 'yup';
import { ApiRequestError } from '../providers/http';
import { nestFieldErrors, presentError } from '../dataProvider/errors';
import { authProvider } from '../authProvider';

/**
 * What a form's onSubmit returns after a failed call: the server's field errors shaped like the
 * form, which react-admin puts on the inputs. Other failures were already shown (toast, modal or
 * error dialog) by the data layer; `present` shows them for calls made outside the dataProvider.
 */
export function submissionErrors(err: unknown, opts: { present?: boolean } = {}): Record<string, unknown> | undefined {
  if (err instanceof ApiRequestError) {
    if (err.status === 401) {
      // Calls made outside react-admin's data hooks log out like the ones inside.
      void authProvider.checkError({ status: 401, body: { code: err.code } }).catch(() => undefined);
      return undefined;
    }
    if (opts.present) presentError(err);
    return nestFieldErrors(err.errors);
  }
  if (err instanceof HttpError) {
    const errors = (err.body as { errors?: Record<string, unknown> } | undefined)?.errors;
    return errors && Object.keys(errors).length ? errors : undefined;
  }
  if (opts.present) presentError(err);
  return undefined;
}

/** The shared yup schema (src/domain/validation) as the resolver of a react-admin <Form>. */
export function schemaResolver(schema: AnyObjectSchema): Resolver<FieldValues> {
  return yupResolver(schema) as unknown as Resolver<FieldValues>;
}
