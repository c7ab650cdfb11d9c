// eslint-disable-next-line no-restricted-imports -- the one place that wraps it
import { Form as RaForm, type FormProps } from 'react-admin';
import { TrackUnsavedChanges } from './unsavedChanges';

/**
 * Every console form: react-admin's, with
 * - the browser's own checks off (`noValidate`), so a field shows the shared schema's Korean message
 *   ("스탬프 개수는 2~30개로 입력해 주세요") and never the browser's ("Value must be greater than or
 *   equal to 2.") that would stop the submit before it;
 * - the unsaved-changes prompt (spec 3 Behaviours, issue 23 #16): a form with changes not saved
 *   asks before the page is left, whichever screen it is on, so no screen can forget it.
 */
export function Form({ children, ...props }: FormProps) {
  return (
    <RaForm noValidate {...props}>
      <TrackUnsavedChanges />
      {children}
    </RaForm>
  );
}
