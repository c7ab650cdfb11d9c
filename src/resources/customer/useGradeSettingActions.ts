import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { presentError } from '../../dataProvider/errors';
import { customerApi, GRADE_PATH, type GradePreviewRow } from './api';
import { formatCount } from './format';
import { gradesBody, settingBody, type GradeSettingDraft, type GradeSettingErrors } from './gradeSetting';
import { serverErrors } from './gradeSettingErrors';
import { GRADES_KEY, SETTING_KEY } from './hooks';

/**
 * 저장, 미리보기 and 지금 실행 of the grade settings, one at a time (`busy`). Save and preview check the
 * draft first (`check`) and put the server's field errors on the fields; anything else is notified.
 */
export function useGradeSettingActions(draft: GradeSettingDraft, check: () => boolean, setErrors: (errors: GradeSettingErrors) => void) {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'save' | 'preview' | 'run' | null>(null);
  const [preview, setPreview] = useState<GradePreviewRow[] | null>(null);

  const save = async () => {
    if (!check()) return;
    setBusy('save');
    try {
      await customerApi.saveGrades(gradesBody(draft));
      await customerApi.saveSetting(settingBody(draft));
      await Promise.all([queryClient.invalidateQueries({ queryKey: GRADES_KEY }), queryClient.invalidateQueries({ queryKey: SETTING_KEY })]);
      notify('customer.grade.saved', { type: 'success' });
      navigate(GRADE_PATH);
    } catch (err) {
      const fields = serverErrors(err);
      if (fields) setErrors(fields);
      else presentError(err);
    } finally {
      setBusy(null);
    }
  };

  const runPreview = async () => {
    if (!check()) return;
    setBusy('preview');
    try {
      setPreview(await customerApi.previewGrades(gradesBody(draft)));
    } catch (err) {
      const fields = serverErrors(err);
      if (fields) setErrors(fields);
      else presentError(err);
    } finally {
      setBusy(null);
    }
  };

  const run = async () => {
    setBusy('run');
    try {
      const { updated } = await customerApi.runGrades();
      await queryClient.invalidateQueries({ queryKey: GRADES_KEY });
      notify('customer.grade.ran', { type: 'success', messageArgs: { count: formatCount(updated ?? 0) } });
    } catch (err) {
      presentError(err);
    } finally {
      setBusy(null);
    }
  };

  return { busy, preview, save, runPreview, run };
}
