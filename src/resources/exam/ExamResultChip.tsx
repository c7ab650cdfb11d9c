import { Chip } from '@mui/material';
import { EXAM_FAILED, EXAM_PASSED, EXAM_RESULTS, type ExamResult } from '../../domain/exam';

const COLOR = { [EXAM_PASSED]: 'success', [EXAM_FAILED]: 'error' } as const;

/** An inspection's result as a chip: 대기 grey, 합격 green, 불합격 red. */
export function ExamResultChip({ result }: { result: number | null | undefined }) {
  const label = EXAM_RESULTS[result as ExamResult];
  if (!label) return null;
  return <Chip size="small" label={label} color={COLOR[result as keyof typeof COLOR] ?? 'default'} variant="outlined" />;
}
