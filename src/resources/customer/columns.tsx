import { useCallback, useState, type ReactNode } from 'react';
import { Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup } from '@mui/material';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';
import { useTranslate } from 'react-admin';
import type { Customer } from './api';
import { formatWon } from '../../domain/format';
import { formatCount, formatGender, formatPhone, formatYmd, formatYn } from './format';
import { ORDER_FIELDS } from './search';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface CustomerColumn {
  source: keyof Customer & string;
  render: (c: Customer, t: Translate) => ReactNode;
  align?: 'left' | 'right' | 'center';
}

const yn = (v: unknown, t: Translate) => formatYn(v, { Y: t('customer.yn.Y'), N: t('customer.yn.N') });
const agree = (v: unknown, t: Translate) => formatYn(v, { Y: t('customer.agree.Y'), N: t('customer.agree.N') });
const text = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

/** Every field of spec 3's Customer, formatted (gender M/F/dash, 8-digit dates as YYYY-MM-DD, won amounts). */
export const CUSTOMER_COLUMNS: CustomerColumn[] = [
  { source: 'customerName', render: (c) => text(c.customerName) },
  { source: 'customerPhone', render: (c) => formatPhone(c.customerPhone, c.countryCode) },
  { source: 'userGender', render: (c, t) => formatGender(c.userGender, { M: t('customer.gender.M'), F: t('customer.gender.F') }) },
  { source: 'birthday', render: (c) => formatYmd(c.birthday) },
  { source: 'customerGroupName', render: (c) => text(c.customerGroupName) },
  { source: 'hasWallet', render: (c, t) => yn(c.hasWallet, t) },
  { source: 'isAgreeMarketing', render: (c, t) => agree(c.isAgreeMarketing, t) },
  { source: 'totalOrderPrice', render: (c) => formatWon(c.totalOrderPrice), align: 'right' },
  { source: 'totalOrderCount', render: (c) => formatCount(c.totalOrderCount), align: 'right' },
  { source: 'latestOrderedAt', render: (c) => formatYmd(c.latestOrderedAt) },
  { source: 'customerPoint', render: (c) => formatCount(c.customerPoint), align: 'right' },
  { source: 'registeredAt', render: (c) => formatYmd(c.registeredAt) },
  { source: 'nftTotalGuaranteeAmount', render: (c) => formatWon(c.nftTotalGuaranteeAmount), align: 'right' },
  { source: 'platformOrderCount', render: (c) => formatCount(c.platformOrderCount), align: 'right' },
  { source: 'ownMallOrderCount', render: (c) => formatCount(c.ownMallOrderCount), align: 'right' },
  { source: 'offlineOrderCount', render: (c) => formatCount(c.offlineOrderCount), align: 'right' },
  { source: 'latestIssuedMembershipName', render: (c) => text(c.latestIssuedMembershipName) },
  { source: 'couponRemainCount', render: (c) => formatCount(c.couponRemainCount), align: 'right' },
  { source: 'couponUsedCount', render: (c) => formatCount(c.couponUsedCount), align: 'right' },
  { source: 'hasCafe24Interwork', render: (c, t) => yn(c.hasCafe24Interwork, t) },
  { source: 'interworkCustomerGroupName', render: (c) => text(c.interworkCustomerGroupName) },
  { source: 'interworkPoint', render: (c) => formatCount(c.interworkPoint), align: 'right' },
  { source: 'isInterworkAgreeSendSMS', render: (c, t) => agree(c.isInterworkAgreeSendSMS, t) },
  { source: 'isInterworkAgreeSendEmail', render: (c, t) => agree(c.isInterworkAgreeSendEmail, t) },
  { source: 'interworkEmail', render: (c) => text(c.interworkEmail) },
  { source: 'email', render: (c) => text(c.email) },
  { source: 'isAgreeSMS', render: (c, t) => agree(c.isAgreeSMS, t) },
  { source: 'isAgreeEmail', render: (c, t) => agree(c.isAgreeEmail, t) },
];

export const SORTABLE = new Set<string>(ORDER_FIELDS);
/** Shown until the user chooses: the first twelve (name … registration date). */
export const DEFAULT_COLUMNS = CUSTOMER_COLUMNS.slice(0, 12).map((c) => c.source);
export const COLUMNS_STORAGE_KEY = 'customer.list.columns';

/** The stored choice (known sources, in the table's order, at least one), or the default. */
export function readColumnChoice(storage: Pick<Storage, 'getItem'> = localStorage): string[] {
  try {
    const raw: unknown = JSON.parse(storage.getItem(COLUMNS_STORAGE_KEY) ?? 'null');
    if (!Array.isArray(raw)) return DEFAULT_COLUMNS;
    const chosen = new Set(raw.filter((s): s is string => typeof s === 'string'));
    const known = CUSTOMER_COLUMNS.map((c) => c.source).filter((s) => chosen.has(s));
    return known.length ? known : DEFAULT_COLUMNS;
  } catch {
    return DEFAULT_COLUMNS;
  }
}

/** The visible columns, kept in localStorage so the choice survives a reload. */
export function useColumnChoice(): [string[], (next: string[]) => void] {
  const [columns, setColumns] = useState<string[]>(() => readColumnChoice());
  const choose = useCallback((next: string[]) => {
    const ordered = CUSTOMER_COLUMNS.map((c) => c.source).filter((s) => next.includes(s));
    if (!ordered.length) return;
    setColumns(ordered);
    try {
      localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(ordered));
    } catch {
      // Storage full or blocked (private mode): the choice lasts for this page only.
    }
  }, []);
  return [columns, choose];
}

/** 항목 설정: a dialog of checkboxes, one per column; the last checked column cannot be unchecked. */
export function ColumnChooser({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const toggle = (source: string, checked: boolean) => onChange(checked ? [...value, source] : value.filter((s) => s !== source));
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<ViewColumnOutlinedIcon />} onClick={() => setOpen(true)}>
        {translate('customer.columns.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby="customer-columns-title">
        <DialogTitle id="customer-columns-title">{translate('customer.columns.title')}</DialogTitle>
        <DialogContent>
          <FormGroup>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {CUSTOMER_COLUMNS.map((c) => {
                const checked = value.includes(c.source);
                return (
                  <FormControlLabel
                    key={c.source}
                    control={<Checkbox checked={checked} disabled={checked && value.length === 1} onChange={(e) => toggle(c.source, e.target.checked)} />}
                    label={translate(`customer.fields.${c.source}`)}
                  />
                );
              })}
            </Box>
          </FormGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onChange(DEFAULT_COLUMNS)}>{translate('customer.columns.reset')}</Button>
          <Button variant="contained" disableElevation onClick={() => setOpen(false)}>
            {translate('customer.columns.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
