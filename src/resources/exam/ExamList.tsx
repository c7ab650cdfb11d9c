import type { RaRecord } from 'react-admin';
import { ResourceList } from '../../framework/resource/ResourceList';
import { examResource } from '../../domain/resources/exam';
import { ExamResultChip } from './ExamResultChip';

const CELLS = { result: (r: RaRecord) => <ExamResultChip result={r.result as number | null} /> };

/** /b2b/exam: the generic list of the definition with the result as a chip, a row opening the detail (/b2b/exam/{idx}). */
export default function ExamList() {
  return <ResourceList def={examResource} cells={CELLS} rowClick={(id) => `${examResource.route}/${id}`} />;
}
