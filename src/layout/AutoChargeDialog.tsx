import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { ValidationError } from 'yup';
import { CREDIT_MSG, RECHARGE_AMOUNTS, RECHARGE_THRESHOLDS, creditConfigSchema } from '../domain/credit';
import { formatNumber } from '../domain/format';
import { MSG } from '../domain/messages';
import { apiRequest } from '../providers/http';
import { CREDIT_ACCOUNT_QUERY_KEY, type CreditAccount } from '../custom/payment/paymentApi';
import { useShellText } from './useShellText';

type Config = { rechargeThreshold: number; rechargeAmount: number; autoRechargeActivated: boolean };
const DEFAULT_CONFIG: Config = { rechargeThreshold: RECHARGE_THRESHOLDS[0], rechargeAmount: RECHARGE_AMOUNTS[0], autoRechargeActivated: false };

/**
 * The automatic credit top-up dialog (spec 1 §2.7, §5, §9): threshold and amount from the option
 * lists, the threshold below the amount ('충전 조건보다 큰 금액을 선택해주세요.', `creditConfigSchema`),
 * saved by PUT /account/config with the saved toast, or the generic error toast on failure.
 */
export function AutoChargeDialog({ open, onClose, account }: { open: boolean; onClose: () => void; account: CreditAccount }) {
  const t = useShellText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [config, setConfig] = useState<Config>(account.config ?? DEFAULT_CONFIG);
  const [errors, setErrors] = useState<Partial<Record<keyof Config, string>>>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof Config>(key: K, value: Config[K]) => {
    setConfig((c) => ({ ...c, [key]: value }));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { accountIdx: account.accountIdx, ...config };
    try {
      await creditConfigSchema.validate(body, { abortEarly: false });
    } catch (err) {
      if (err instanceof ValidationError) {
        const next: Partial<Record<keyof Config, string>> = {};
        for (const e of err.inner) if (e.path && e.path in config) next[e.path as keyof Config] = e.message;
        setErrors(next);
        return;
      }
      throw err;
    }
    setBusy(true);
    try {
      const saved = await apiRequest<CreditAccount>('/account/config', { base: 'credit', method: 'PUT', body });
      queryClient.setQueryData(CREDIT_ACCOUNT_QUERY_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: CREDIT_ACCOUNT_QUERY_KEY });
      notify(CREDIT_MSG.configSaved, { type: 'success' });
      onClose();
    } catch {
      notify(MSG.genericErrorTitle, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="auto-charge-dialog-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="auto-charge-dialog-title">{t('billing.auto.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormControlLabel
              control={<Switch checked={config.autoRechargeActivated} onChange={(e) => set('autoRechargeActivated', e.target.checked)} />}
              label={t('billing.auto.activated')}
            />
            <TextField
              select
              label={t('billing.auto.threshold')}
              value={config.rechargeThreshold}
              onChange={(e) => set('rechargeThreshold', Number(e.target.value))}
              error={Boolean(errors.rechargeThreshold)}
              helperText={errors.rechargeThreshold}
              size="small"
            >
              {RECHARGE_THRESHOLDS.map((v) => (
                <MenuItem key={v} value={v}>{t('billing.credit.won', { amount: formatNumber(v) })}</MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('billing.auto.amount')}
              value={config.rechargeAmount}
              onChange={(e) => set('rechargeAmount', Number(e.target.value))}
              error={Boolean(errors.rechargeAmount)}
              helperText={errors.rechargeAmount}
              size="small"
            >
              {RECHARGE_AMOUNTS.map((v) => (
                <MenuItem key={v} value={v}>{t('billing.credit.won', { amount: formatNumber(v) })}</MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">{t('billing.auto.cancel')}</Button>
          <Button type="submit" variant="contained" disableElevation disabled={busy}>{t('billing.auto.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
