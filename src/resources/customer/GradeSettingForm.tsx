import { useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import PreviewOutlinedIcon from '@mui/icons-material/PreviewOutlined';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { usePartnership } from '../../authProvider/usePartnership';
import { isSubAccount } from '../../domain/identity';
import { GRADES_MAX } from '../../domain/customer';
import { Section } from '../../framework/ui';
import { GRADE_PATH, type CustomerGrade, type CustomerSetting } from './api';
import { GradePointSettings } from './GradePointSettings';
import { GradePreviewTable } from './GradePreviewTable';
import { GradeRowsEditor } from './GradeRowsEditor';
import { GradeRunConfirmDialog } from './GradeRunConfirmDialog';
import { draftOf, gradesBody, newGradeRow, settingBody, validateGradeSetting, type GradeRowDraft, type GradeSettingDraft, type GradeSettingErrors } from './gradeSetting';
import { useErrorText } from './gradeSettingErrors';
import { UnsavedDraft } from './UnsavedDraft';
import { useGradeSettingActions } from './useGradeSettingActions';

/** The grade settings as loaded, edited as a draft until 저장. */
export function GradeSettingForm({ grades, setting }: { grades: CustomerGrade[]; setting: CustomerSetting | undefined }) {
  const translate = useTranslate();
  const t = useErrorText();
  const [initial] = useState<GradeSettingDraft>(() => draftOf(grades, setting));
  const [draft, setDraft] = useState<GradeSettingDraft>(initial);
  const [errors, setErrors] = useState<GradeSettingErrors>({});
  const [confirmRun, setConfirmRun] = useState(false);
  const { partnership } = usePartnership();
  // Saving and running are the main account's (mainWrite on the server); a sub-account may preview.
  const readOnly = !partnership || isSubAccount(partnership);

  const check = () => {
    const found = validateGradeSetting(draft);
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const { busy, preview, save, runPreview, run } = useGradeSettingActions(draft, check, setErrors);

  const setRow = (i: number, patch: Partial<GradeRowDraft>) => setDraft((d) => ({ ...d, grades: d.grades.map((g, j) => (j === i ? { ...g, ...patch } : g)) }));
  const removeRow = (i: number) => setDraft((d) => ({ ...d, grades: d.grades.filter((_, j) => j !== i) }));

  // Saving leaves the page: not "unsaved" while the save is under way.
  const dirty = busy !== 'save' && JSON.stringify(gradesBody(draft)) + JSON.stringify(settingBody(draft)) !== JSON.stringify(gradesBody(initial)) + JSON.stringify(settingBody(initial));
  return (
    <>
      <UnsavedDraft dirty={dirty} />
      <Section
        title={translate('customer.grade.gradesTitle')}
        id="grade-setting-grades"
        action={
          <Button size="small" startIcon={<AddIcon />} disabled={draft.grades.length >= GRADES_MAX} onClick={() => setDraft((d) => ({ ...d, grades: [...d.grades, newGradeRow()] }))}>
            {translate('customer.grade.addGrade')}
          </Button>
        }
      >
        {errors.grades && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t(errors.grades)}
          </Alert>
        )}
        <GradeRowsEditor grades={draft.grades} errors={errors} onChange={setRow} onRemove={removeRow} />
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" startIcon={<PreviewOutlinedIcon />} disabled={busy !== null} onClick={() => void runPreview()}>
            {translate('customer.grade.preview')}
          </Button>
          <Button variant="outlined" color="secondary" startIcon={<PlayArrowOutlinedIcon />} disabled={busy !== null || readOnly} onClick={() => setConfirmRun(true)}>
            {translate('customer.grade.runNow')}
          </Button>
        </Stack>
        {preview && <GradePreviewTable preview={preview} />}
      </Section>
      <GradePointSettings draft={draft} setDraft={setDraft} errors={errors} />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disableElevation disabled={busy !== null || readOnly} onClick={() => void save()}>
          {translate('customer.grade.save')}
        </Button>
        <Button component={RouterLink} to={GRADE_PATH} variant="outlined">
          {translate('customer.grade.cancel')}
        </Button>
      </Stack>
      <GradeRunConfirmDialog
        open={confirmRun}
        onClose={() => setConfirmRun(false)}
        onConfirm={() => {
          setConfirmRun(false);
          void run();
        }}
      />
    </>
  );
}
