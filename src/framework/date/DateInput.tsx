import { FieldTitle, InputHelperText, useInput, type InputProps } from 'react-admin';
import { DateField } from './DateField';

export interface DateInputProps extends InputProps {
  fullWidth?: boolean;
  /** The latest day the calendar offers, YYYY-MM-DD. */
  max?: string;
}

/**
 * A react-admin form input for a YYYY-MM-DD day, shown as YYYY-MM-DD in every browser locale
 * (issue 9 B11). The form value is the day text, '' stored as null, as TextInput did.
 */
export function DateInput({ source, label, helperText, fullWidth, max, ...props }: DateInputProps) {
  const { field, fieldState: { error, invalid }, id, isRequired } = useInput({ source, ...props });
  return (
    <DateField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      max={max}
      fullWidth={fullWidth}
      className={`ra-input ra-input-${source}`}
      label={label === false || label === '' ? null : <FieldTitle label={label} source={source} resource={props.resource} isRequired={isRequired} />}
      error={invalid}
      helperText={helperText !== false || invalid ? <InputHelperText error={error?.message} helperText={helperText} /> : null}
    />
  );
}
