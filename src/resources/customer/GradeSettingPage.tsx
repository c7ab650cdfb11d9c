import { Box } from '@mui/material';
import { PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { GradeSettingForm } from './GradeSettingForm';
import { useCustomerSetting, useGrades } from './hooks';

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
