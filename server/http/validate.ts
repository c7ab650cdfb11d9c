import { ValidationError, type Schema, type InferType } from 'yup';
import { toFieldErrors } from '../../src/domain/validation/account';
import { validationFailed } from './errors';

/** Validates a body with the same yup schema the form uses; unknown keys are dropped. `context` feeds the schema's `$` references. */
export async function validateWith<S extends Schema>(schema: S, input: unknown, context?: Record<string, unknown>): Promise<InferType<S>> {
  try {
    return await schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true, context });
  } catch (err) {
    if (err instanceof ValidationError) throw validationFailed(toFieldErrors(err));
    throw err;
  }
}
