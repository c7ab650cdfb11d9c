import { TextInput, type TextInputProps } from 'react-admin';
import { digitsOnly, formatPhone, PHONE_INPUT_MAX_LENGTH } from '../../domain/patterns';

/** A phone input: shown hyphenated while typing, kept (and sent) as digits only (spec 1 section 5). */
export function PhoneInput(props: TextInputProps) {
  return (
    <TextInput
      type="tel"
      autoComplete="tel"
      format={(v: string | null | undefined) => (v ? formatPhone(String(v)) : '')}
      parse={(v: string) => digitsOnly(v)}
      slotProps={{ htmlInput: { maxLength: PHONE_INPUT_MAX_LENGTH, inputMode: 'numeric' } }}
      {...props}
    />
  );
}
