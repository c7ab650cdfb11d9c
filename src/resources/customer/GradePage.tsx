import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { useTranslate } from 'react-admin';
import { usePartnership } from '../../authProvider/usePartnership';
import { isSubAccount } from '../../domain/identity';
import { Link as RouterLink } from 'react-router-dom';
import { PageShell, Section } from '../../framework/ui';
import { GRADE_SETTING_PATH } from './api';
import { formatWon } from '../../domain/format';
import { formatCount, formatMetric } from './format';
import { useCustomerSetting, useGrades } from './hooks';
import { ScrollRegion } from '../../framework/ScrollRegion';

/** /b2b/customer/grade: the grades with their customer counts, and the point settings (spec 3 "Customer setting"). */
export default function GradePage() {
  const translate = useTranslate();
  const grades = useGrades();
  const setting = useCustomerSetting();
  const list = grades.data ?? [];
  const s = setting.data;
  const { partnership } = usePartnership();
  // Grade and point settings are the main account's (the server's mainWrite); sub-accounts read them.
  const canEdit = Boolean(partnership && !isSubAccount(partnership));
  return (
    <PageShell
      titleKey="customer.grade.title"
      maxWidth={1000}
      actions={
        canEdit && (
          <Button component={RouterLink} to={GRADE_SETTING_PATH} variant="contained" disableElevation startIcon={<SettingsOutlinedIcon />}>
            {translate('customer.grade.settingButton')}
          </Button>
        )
      }
    >
      <Section title={translate('customer.grade.gradesTitle')} id="grade-list-title">
        {grades.isPending ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {translate('app.common.loading')}
          </Typography>
        ) : list.length === 0 ? (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ py: 2, textAlign: 'center' }}>
            {translate('customer.grade.empty')}
          </Typography>
        ) : (
          <ScrollRegion>
            <Table size="small" aria-labelledby="grade-list-title">
              <TableHead>
                <TableRow>
                  {['groupNo', 'name', 'minPurchaseAmount', 'minPurchaseCount', 'customerCount'].map((k) => (
                    <TableCell key={k} sx={{ whiteSpace: 'nowrap' }} align={k === 'name' ? 'left' : 'right'}>
                      {translate(`customer.grade.${k}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((g) => (
                  <TableRow key={g.idx}>
                    <TableCell align="right">{g.groupNo}</TableCell>
                    <TableCell>{g.name}</TableCell>
                    <TableCell align="right">{formatWon(g.minPurchaseAmount)}</TableCell>
                    <TableCell align="right">{formatCount(g.minPurchaseCount)}</TableCell>
                    <TableCell align="right">{translate('customer.grade.countValue', { count: formatCount(g.customerCount ?? 0) })}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        )}
      </Section>
      <Section title={translate('customer.grade.pointTitle')} id="grade-point-title">
        {!s ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {translate(setting.isPending ? 'app.common.loading' : 'customer.detail.loadFailed')}
          </Typography>
        ) : (
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 2 }}>
            {(
              [
                ['pointRate', translate('customer.grade.pointRateValue', { rate: formatMetric(s.pointRate) })],
                ['onOfflinePointToggle', translate(`customer.grade.toggle.${s.onOfflinePointToggle === 'Y' ? 'Y' : 'N'}`)],
                ['gradeSchedule', translate(`customer.grade.schedules.${s.gradeSchedule}`, { _: s.gradeSchedule })],
                ['gradePeriodMonths', s.gradePeriodMonths ? `${s.gradePeriodMonths}${translate('customer.grade.monthUnit')}` : '-'],
              ] as const
            ).map(([k, v]) => (
              <Box key={k}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {translate(`customer.grade.${k}`)}
                </Typography>
                <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 600 }} data-testid={`setting-${k}`}>
                  {v}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Section>
    </PageShell>
  );
}
