import { Box, Typography } from '@mui/material';
import { BooleanInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { fieldLabel, formValueOf, maxLengthOf, type FieldDef, type Resource } from '../../domain/resource';
import { formatPrice } from '../../domain/format';
import { DateInput } from '../date/DateInput';

/** "100,000,000" is 11 characters: a number input's limit, separators included, from its max. */
const groupedLength = (max: number) => formatPrice(max).length;

/** react-admin's SelectInput keeps the dense margins its TextInput drops: line it up with the text fields. */
const SELECT_SX = { mt: 0, mb: 0 } as const;

/** The typed length of a multiline text against its limit, under the box. */
function LengthCounter({ source, max }: { source: string; max: number }) {
  const translate = useTranslate();
  const count = ((useWatch({ name: source }) as string | null | undefined) ?? '').length;
  return (
    <Typography variant="caption" aria-live="polite" color={count > max ? 'error' : 'text.secondary'} sx={{ display: 'block', textAlign: 'right', mt: -1 }}>
      {translate('app.common.lengthCount', { count: count.toLocaleString('ko-KR'), max: max.toLocaleString('ko-KR') })}
    </Typography>
  );
}

/**
 * The input of one declared field, by kind: a text box (its limit as maxLength; a multiline one
 * with its counter), a Y/N switch, a YYYY-MM-DD day, a number typed with separators (원 after a won amount), a select
 * of codes. A reference or an image has no generic input: the resource gives its own.
 */
export function FieldInput({ def, source, field }: { def: Resource; source: string; field: FieldDef }) {
  const translate = useTranslate();
  const label = fieldLabel(def, source);
  const helperText = field.help ? `${def.name}.${source}Help` : undefined;
  switch (field.type) {
    case 'text':
      if (field.multiline) {
        return (
          <>
            <TextInput source={source} label={label} helperText={helperText} multiline minRows={4} fullWidth />
            {field.max && <LengthCounter source={source} max={maxLengthOf(field.max)!} />}
          </>
        );
      }
      return <TextInput source={source} label={label} helperText={helperText} isRequired={!!field.required} fullWidth slotProps={{ htmlInput: { maxLength: maxLengthOf(field.max) } }} />;
    case 'flag':
      return <BooleanInput source={source} label={label} helperText={helperText} format={(v: unknown) => v === 'Y'} parse={(v: boolean) => (v ? 'Y' : 'N')} />;
    case 'number': {
      const unit = field.won ? <Box component="span" sx={{ ml: 1, color: 'text.secondary' }}>{translate('app.common.wonUnit')}</Box> : undefined;
      return (
        <TextInput
          source={source}
          label={label}
          helperText={helperText}
          fullWidth
          format={(v: string | number | null | undefined) => formValueOf(field, v) as string}
          parse={(v: string) => formatPrice(v)}
          slotProps={{ htmlInput: { maxLength: groupedLength(field.max.value), inputMode: 'numeric' }, input: { endAdornment: unit } }}
        />
      );
    }
    case 'select': {
      const choices = Object.entries(field.options).map(([id, name]) => ({ id: Number(id), name }));
      return <SelectInput source={source} label={label} helperText={helperText} choices={choices} emptyText="app.common.none" isRequired={!!field.required} fullWidth sx={SELECT_SX} />;
    }
    case 'date':
      return <DateInput source={source} label={label} helperText={helperText} isRequired={!!field.required} fullWidth />;
    default:
      return null;
  }
}
