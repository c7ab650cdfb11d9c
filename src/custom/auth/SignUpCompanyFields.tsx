import { BUSINESS_NUMBER_INPUT_MAX_LENGTH, PHONE_INPUT_MAX_LENGTH, formatBusinessNumber, formatPhone } from '../../domain/patterns';
import { TextInput } from './fields';
import type { Fields } from './form';
import { t, type TextField, type Values } from './signUpForm';
import type { useBusinessNumberCheck } from './useBusinessNumberCheck';

/** A text field's props, `format` shaping what is typed. */
export type FieldInput = (name: TextField, format?: (v: string) => string) => ReturnType<Fields<Values>['input']>;

/** The last step: business number (checked for duplicates when left), phone and company name. */
export function SignUpCompanyFields({ input, businessCheck }: { input: FieldInput; businessCheck: ReturnType<typeof useBusinessNumberCheck> }) {
  const businessNum = input('businessNum', formatBusinessNumber);
  return (
    <>
      <TextInput
        {...businessNum}
        onBlur={() => {
          businessNum.onBlur();
          void businessCheck.check(businessNum.value);
        }}
        error={businessNum.error ?? businessCheck.dupError}
        label={t.businessNum}
        inputMode="numeric"
        placeholder={t.businessNumPlaceholder}
        maxLength={BUSINESS_NUMBER_INPUT_MAX_LENGTH}
      />
      <TextInput
        {...input('phoneNum', formatPhone)}
        label={t.phoneNum}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t.phonePlaceholder}
        maxLength={PHONE_INPUT_MAX_LENGTH}
      />
      <TextInput {...input('companyName')} label={t.companyName} autoComplete="organization" />
    </>
  );
}
