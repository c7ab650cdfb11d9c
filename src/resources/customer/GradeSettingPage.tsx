import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  FormControlLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import PreviewOutlinedIcon from '@mui/icons-material/PreviewOutlined';
import { useNotify, useTranslate } from 'react-admin';
import { usePartnership } from '../../authProvider/usePartnership';
import { isSubAccount } from '../../domain/identity';
import { GRADE_NAME_MAX, GRADES_MAX } from '../../domain/customer';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PageShell, Section } from '../../custom/ui';
import { PageLoading } from '../../custom/PageStates';
import { TrackUnsavedChanges } from '../../custom/unsavedChanges';
import { presentError } from '../../dataProvider/errors';
import { ApiRequestError } from '../../providers/http';
import { customerApi, GRADE_PATH, GRADE_SCHEDULES, type CustomerGrade, type CustomerSetting, type GradePreviewRow, type GradeSchedule } from './api';
import { formatCount } from './format';
import { draftOf, gradesBody, newGradeRow, settingBody, validateGradeSetting, type GradeSettingDraft, type GradeSettingErrors } from './gradeSetting';
import { GRADES_KEY, SETTING_KEY, useCustomerSetting, useGrades } from './hooks';

/** A server refusal's field errors in the page's keys: `list[0].name` (gradeListSchema) → `grades.0.name`, `list` → `grades`. */
export function serverErrors(err: unknown): GradeSettingErrors | null {
  if (!(err instanceof ApiRequestError) || !err.errors || Object.keys(err.errors).length === 0) return null;
  const out: GradeSettingErrors = {};
  for (const [k, v] of Object.entries(err.errors)) {
    const m = /^list\[(\d+)\]\.(\w+)$/.exec(k);
    out[m ? `grades.${m[1]}.${m[2]}` : k === 'list' ? 'grades' : k] = v;
  }
  return out;
}

/**
 * The page's state is not a react-hook-form form, so a one-field form stands for it: dirty while the
 * draft differs from what was loaded, which registers with the page's unsaved-changes prompt.
 */
function UnsavedDraft({ dirty }: { dirty: boolean }) {
  const form = useForm({ defaultValues: { changed: false } });
  const { setValue } = form;
  useEffect(() => {
    setValue('changed', dirty, { shouldDirty: true });
  }, [dirty, setValue]);
  return (
    <FormProvider {...form}>
      <TrackUnsavedChanges />
    </FormProvider>
  );
}

function GradeSettingForm({ grades, setting }: { grades: CustomerGrade[]; setting: CustomerSetting | undefined }) {
  const translate = useTranslate();
  const t = (key: string | undefined) => (key ? translate(key, { _: key }) : undefined);
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [initial] = useState<GradeSettingDraft>(() => draftOf(grades, setting));
  const [draft, setDraft] = useState<GradeSettingDraft>(initial);
  const [errors, setErrors] = useState<GradeSettingErrors>({});
  const [busy, setBusy] = useState<'save' | 'preview' | 'run' | null>(null);
  const [preview, setPreview] = useState<GradePreviewRow[] | null>(null);
  const [confirmRun, setConfirmRun] = useState(false);
  const { partnership } = usePartnership();
  // Saving and running are the main account's (mainWrite on the server); a sub-account may preview.
  const readOnly = !partnership || isSubAccount(partnership);

  const setRow = (i: number, patch: Partial<GradeSettingDraft['grades'][number]>) =>
    setDraft((d) => ({ ...d, grades: d.grades.map((g, j) => (j === i ? { ...g, ...patch } : g)) }));

  const check = () => {
    const found = validateGradeSetting(draft);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

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
    setConfirmRun(false);
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
        <Stack spacing={1.5}>
          {draft.grades.map((g, i) => (
            <Stack
              key={g.key}
              role="group"
              aria-label={translate('customer.grade.gradeRow', { index: i + 1 })}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <Typography variant="body2" sx={{ width: 32, pt: { sm: 1 }, fontWeight: 700 }} aria-hidden>
                {i + 1}
              </Typography>
              <TextField
                size="small"
                label={translate('customer.grade.name')}
                value={g.name}
                onChange={(e) => setRow(i, { name: e.target.value })}
                error={Boolean(errors[`grades.${i}.name`])}
                helperText={t(errors[`grades.${i}.name`])}
                slotProps={{ htmlInput: { maxLength: GRADE_NAME_MAX } }}
                sx={{ flex: 2 }}
              />
              <TextField
                size="small"
                label={translate('customer.grade.minPurchaseAmount')}
                // Shown with thousands separators (1,000,000), kept as digits.
                value={g.minPurchaseAmount === '' ? '' : formatCount(g.minPurchaseAmount)}
                onChange={(e) => setRow(i, { minPurchaseAmount: e.target.value.replace(/[^\d]/g, '') })}
                error={Boolean(errors[`grades.${i}.minPurchaseAmount`])}
                helperText={t(errors[`grades.${i}.minPurchaseAmount`])}
                slotProps={{ htmlInput: { inputMode: 'numeric' }, input: { endAdornment: <InputAdornment position="end">{translate('customer.grade.wonUnit')}</InputAdornment> } }}
                sx={{ flex: 2 }}
              />
              <TextField
                size="small"
                label={translate('customer.grade.minPurchaseCount')}
                value={g.minPurchaseCount}
                onChange={(e) => setRow(i, { minPurchaseCount: e.target.value.replace(/[^\d]/g, '') })}
                error={Boolean(errors[`grades.${i}.minPurchaseCount`])}
                helperText={t(errors[`grades.${i}.minPurchaseCount`])}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ flex: 1 }}
              />
              <IconButton
                aria-label={translate('customer.grade.removeGrade', { name: g.name || i + 1 })}
                onClick={() => setDraft((d) => ({ ...d, grades: d.grades.filter((_, j) => j !== i) }))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" startIcon={<PreviewOutlinedIcon />} disabled={busy !== null} onClick={() => void runPreview()}>
            {translate('customer.grade.preview')}
          </Button>
          <Button variant="outlined" color="secondary" startIcon={<PlayArrowOutlinedIcon />} disabled={busy !== null || readOnly} onClick={() => setConfirmRun(true)}>
            {translate('customer.grade.runNow')}
          </Button>
        </Stack>
        {preview && (
          <Paper variant="outlined" sx={{ mt: 2, p: 2, borderRadius: 2 }}>
            <Typography id="grade-preview-title" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
              {translate('customer.grade.previewTitle')}
            </Typography>
            <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
              <Table size="small" aria-labelledby="grade-preview-title">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('customer.grade.name')}</TableCell>
                    <TableCell align="right">{translate('customer.grade.customerCount')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.map((p) => (
                    <TableRow key={p.groupNo}>
                      <TableCell>{p.name}</TableCell>
                      <TableCell align="right">{translate('customer.grade.countValue', { count: formatCount(p.customerCount) })}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Paper>
        )}
      </Section>
      <Section title={translate('customer.grade.pointTitle')} id="grade-setting-points">
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          <TextField
            size="small"
            label={translate('customer.grade.pointRate')}
            value={draft.pointRate}
            onChange={(e) => setDraft((d) => ({ ...d, pointRate: e.target.value.replace(/[^\d.]/g, '') }))}
            error={Boolean(errors.pointRate)}
            helperText={t(errors.pointRate)}
            slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
          />
          <FormControlLabel
            control={<Switch checked={draft.onOfflinePointToggle === 'Y'} onChange={(e) => setDraft((d) => ({ ...d, onOfflinePointToggle: e.target.checked ? 'Y' : 'N' }))} />}
            label={translate('customer.grade.onOfflinePointToggle')}
          />
          <TextField
            select
            size="small"
            label={translate('customer.grade.gradeSchedule')}
            value={draft.gradeSchedule}
            onChange={(e) => setDraft((d) => ({ ...d, gradeSchedule: e.target.value as GradeSchedule }))}
            helperText={translate('customer.grade.scheduleHelp')}
          >
            {GRADE_SCHEDULES.map((s) => (
              <MenuItem key={s} value={s}>
                {translate(`customer.grade.schedules.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={translate('customer.grade.gradePeriodMonths')}
            value={draft.gradePeriodMonths}
            onChange={(e) => setDraft((d) => ({ ...d, gradePeriodMonths: e.target.value.replace(/[^\d]/g, '') }))}
            error={Boolean(errors.gradePeriodMonths)}
            helperText={t(errors.gradePeriodMonths) ?? translate('customer.grade.periodHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 }, input: { endAdornment: <InputAdornment position="end">{translate('customer.grade.monthUnit')}</InputAdornment> } }}
          />
        </Stack>
      </Section>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disableElevation disabled={busy !== null || readOnly} onClick={() => void save()}>
          {translate('customer.grade.save')}
        </Button>
        <Button component={RouterLink} to={GRADE_PATH} variant="outlined">
          {translate('customer.grade.cancel')}
        </Button>
      </Stack>
      <Dialog open={confirmRun} onClose={() => setConfirmRun(false)} maxWidth="xs" fullWidth aria-describedby="grade-run-confirm">
        <DialogContent>
          <DialogContentText id="grade-run-confirm" sx={{ color: 'text.primary', fontWeight: 600 }}>
            {translate('customer.grade.runConfirm')}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirmRun(false)}>{translate('app.common.cancel')}</Button>
          <Button variant="contained" disableElevation onClick={() => void run()}>
            {translate('customer.grade.runNow')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * /b2b/customer/grade/setting: the grade definitions (name, order, minimum amount and count), the
 * point rate and on/offline toggle, the grade schedule; 미리보기 shows how many customers each grade
 * would hold without saving; 지금 실행 runs the grade job now (the 3 a.m. job does the same).
 */
export default function GradeSettingPage() {
  const grades = useGrades();
  const setting = useCustomerSetting();
  const loading = grades.isPending || setting.isPending;
  return (
    <PageShell titleKey="customer.grade.settingTitle" maxWidth={1000}>
      {loading ? <PageLoading /> : <Box>{<GradeSettingForm grades={grades.data ?? []} setting={setting.data} />}</Box>}
    </PageShell>
  );
}
