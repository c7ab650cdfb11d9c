import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AS_MEMO_MAX } from '../../../domain/afterService';
import { Section } from '../../../framework/ui';
import { CountedText } from '../memo';

/**
 * The intake's memo side panel (spec 3 section 2): an internal note written while taking the
 * request, saved as the request's first memo (the detail's memo panel) once the request exists.
 */
export function IntakeMemo({ value, onChange }: { value: string; onChange: (memo: string) => void }) {
  const translate = useTranslate();
  return (
    <Section title={translate('afterServiceIntake.memo.title')} id="as-intake-memo">
      <CountedText label={translate('afterServiceIntake.memo.label')} value={value} max={AS_MEMO_MAX} onChange={(e) => onChange(e.target.value)} />
      <Typography variant="caption" color="text.secondary">{translate('afterServiceIntake.memo.help')}</Typography>
    </Section>
  );
}
