import { Suspense, useState } from 'react';
import { Box, IconButton, Link, Typography } from '@mui/material';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { LinkBase } from 'react-admin';
import { formatNumber } from '../domain/format';
import { lazyWithRetry } from '../framework/lazyWithRetry';
import { CREDIT_ACCOUNT_QUERY_KEY, useCreditAccount } from '../custom/payment/paymentApi';
import { CREDIT_CHARGE_PATH } from './shellConfig';
import { useShellText } from './useShellText';

/** Shared with the payment pages so a top-up refreshes the box. */
export { CREDIT_ACCOUNT_QUERY_KEY };

/** The card dialogs load when the settings button is first pressed, not with every page (issue 24). */
const CardDialogs = lazyWithRetry(() => import('../custom/payment/CardListDialog').then((m) => ({ default: m.CardDialogs })));

/**
 * The prepaid-balance box of the sidebar (spec 1 section 2.3), for main brand accounts only
 * (the caller decides). A failed read hides the box rather than showing a wrong balance.
 * The settings button opens the card list when cards exist, else the add-card dialog.
 */
export function BalanceBox() {
  const t = useShellText();
  const [dialogOpen, setDialogOpen] = useState(false);
  const { data, isError } = useCreditAccount();
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
      {dialogOpen && (
        <Suspense fallback={null}>
          <CardDialogs open onClose={() => setDialogOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
