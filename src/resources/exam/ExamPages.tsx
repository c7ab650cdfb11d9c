import { ResourceCreate, ResourceEdit, type ResourcePageFormProps, type ResourcePageOptions } from '../../framework/resource/ResourcePages';
import { ResourceForm } from '../../framework/resource/ResourceForm';
import { examResource } from '../../domain/resources/exam';
import { EXAM_PENDING } from '../../domain/exam';
import type { UploadedImage } from '../../framework/image/useImageUpload';
import { ExamPhotosInput } from './ExamPhotosInput';
import { CertificateInput } from './CertificateInput';

/** The inspection form: the generic form of its definition (a new one 대기) with the certificate number and the photo uploads. */
function ExamForm({ record, save, cancelTo }: ResourcePageFormProps) {
  const saved = (record?.photos as UploadedImage[] | undefined) ?? [];
  return (
    <ResourceForm
      def={examResource}
      record={record}
      save={save}
      cancelTo={cancelTo}
      defaults={{ result: EXAM_PENDING }}
      inputs={{ nftIdx: <CertificateInput />, photos: <ExamPhotosInput saved={saved} /> }}
    />
  );
}

const OPTIONS: ResourcePageOptions = { afterSave: 'show', maxWidth: 720, Form: ExamForm };

/** /b2b/exam/register and /b2b/inspection: POST /v1/admin/exam, then the inspection's detail. */
export const ExamCreate = () => <ResourceCreate def={examResource} options={OPTIONS} />;

/** /b2b/exam/edit/{idx}: records the result (PATCH /v1/admin/exam/{idx}), then the detail. */
export const ExamEdit = () => <ResourceEdit def={examResource} options={OPTIONS} />;
