import { TextField, type TextFieldProps } from '@mui/material';
import { useLengthLimit } from './useLengthLimit';

/**
 * A multiline text of at most `max` characters with its counter under it (spec 3 section 9: memos
 * and the partner memo, 1,000 characters) and the word at the limit (useLengthLimit); a field error
 * from the server replaces the counter.
 */
export function CountedText({ value, max, error, onPaste, ...props }: Omit<TextFieldProps, 'error' | 'value'> & { value: string; max: number; error?: string | null }) {
  const limit = useLengthLimit(value, max);
  return (
    <TextField
      {...props}
      value={value}
      multiline
      minRows={props.minRows ?? 3}
      fullWidth
      error={Boolean(error)}
      helperText={error ?? limit.helperText}
      onPaste={(e) => {
        limit.onPaste(e);
        onPaste?.(e);
      }}
      slotProps={{ htmlInput: { maxLength: max }, formHelperText: { sx: { textAlign: error ? 'left' : 'right' } } }}
    />
  );
}

/** The message of a field in a 400 envelope (`errors[field]`), else null. */
export function fieldErrorOf(err: unknown, field: string): string | null {
  const errors = (err as { errors?: Record<string, unknown> } | null)?.errors;
  const message = errors?.[field];
  return typeof message === 'string' ? message : null;
}
