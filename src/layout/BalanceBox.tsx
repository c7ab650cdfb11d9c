import { useState } from 'react';
import { Box, IconButton, Link, Typography } from '@mui/material';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useQuery } from '@tanstack/react-query';
import { LinkBase } from 'react-admin';
import { formatNumber } from '../domain/format';
import { apiRequest } from '../providers/http';
import { AutoChargeDialog } from './AutoChargeDialog';
import { CREDIT_CHARGE_PATH } from './shellConfig';
import { useShellText } from './useShellText';

/** The part of `GET /api/credit/account` the box needs (spec 1 section 3, Credit account). */
interface CreditAccount {
  accountIdx: number;
  balance: number;
}

/** Shared with the payment pages so a top-up refreshes the box. */
export const CREDIT_ACCOUNT_QUERY_KEY = ['credit', 'account'] as const;

/**
 * The prepaid-balance box of the sidebar (spec 1 section 2.3), for main brand accounts only
 * (the caller decides). A failed read hides the box rather than showing a wrong balance.
 */
export function BalanceBox() {
  const t = useShellText();
  const [dialogOpen, setDialogOpen] = useState(false);
  const { data, isError } = useQuery({
    queryKey: CREDIT_ACCOUNT_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<CreditAccount>('/account', { base: 'credit', signal }),
    retry: false,
  });
  if (isError || !data) return null;

  return (
    <Box
      role="group"
      aria-label={t('shell.balance.title')}
      sx={{ mx: 1.5, my: 1, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="caption" color="text.secondary">
          {t('shell.balance.title')}
        </Typography>
        <IconButton size="small" aria-label={t('shell.balance.settings')} onClick={() => setDialogOpen(true)}>
          <SettingsOutlined fontSize="inherit" />
        </IconButton>
      </Box>
      <Typography sx={{ fontWeight: 700, fontSize: 16 }} data-testid="credit-balance">
        {t('shell.balance.amount', { amount: formatNumber(data.balance) })}
      </Typography>
      <Link component={LinkBase} to={CREDIT_CHARGE_PATH} underline="hover" sx={{ fontSize: 13, fontWeight: 500 }}>
        {t('shell.balance.charge')}
      </Link>
      <AutoChargeDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </Box>
  );
}
