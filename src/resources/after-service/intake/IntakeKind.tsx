import { FormControlLabel, Link, Radio, RadioGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useController } from 'react-hook-form';
import type { AsType } from '../../../domain/afterService';
import { EXAM_RULE } from '../../../domain/resources/exam';
import { Section } from '../../../framework/ui';
import { useAllows } from '../common';

/**
 * 수선 or 세탁 (issue 23 #18): the kinds the brand takes, offered when there are two. An inspection
 * is not a request of this workflow (its own result and photos, the EXAM feature): it is registered
 * under 검수 관리, which the link opens.
 */
export function KindSelect({ kinds }: { kinds: readonly AsType[] }) {
  const translate = useTranslate();
  const { field } = useController({ name: 'repairType' });
  const exam = useAllows({ ...EXAM_RULE, write: true });
  if (kinds.length < 2 && !exam) return null;
  return (
    <Section title={translate('afterServiceIntake.form.kind')} id="as-intake-kind">
      {kinds.length > 1 ? (
        <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)} aria-label={translate('afterServiceIntake.form.kind')}>
          {kinds.map((k) => <FormControlLabel key={k} value={k} control={<Radio />} label={translate(`afterServiceIntake.type.${k}`)} />)}
        </RadioGroup>
      ) : null}
      {exam ? (
        <Typography variant="body2" color="text.secondary">
          {translate('afterServiceIntake.form.examHint')}{' '}
          <Link component={RouterLink} to="/b2b/inspection">{translate('afterServiceIntake.form.examLink')}</Link>
        </Typography>
      ) : null}
    </Section>
  );
}
