// eslint-disable-next-line no-restricted-imports -- the one place that wraps it
import { Form as RaForm, type FormProps } from 'react-admin';

/**
 * Every console form: react-admin's, with the browser's own checks off (`noValidate`), so a field
 * shows the shared schema's Korean message ("스탬프 개수는 2~30개로 입력해 주세요") and never the
 * browser's ("Value must be greater than or equal to 2.") that would stop the submit before it.
 */
export function Form(props: FormProps) {
  return <RaForm noValidate {...props} />;
}
