import { useState } from 'react';
import * as yup from 'yup';
import {
  Alert, Box, Button, Chip, Pagination, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BooleanInput, CheckboxGroupInput, NumberInput, RadioButtonGroupInput, SaveButton, TextInput, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { Form } from '../../framework/Form';
import { ScrollRegion } from '../../framework/ScrollRegion';
import { ActionConfirm, Section } from '../../framework/ui';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';
import { seoulDateTime as formatDateTime } from '../../domain/seoulDay';
import {
  ISSUE_MODES, NAVER_DELIVERED_BY, interworkSettingSchema, leaveReasonSchema, type InterworkSettings, type Platform,
} from '../../domain/integrations';
import { connectionKey, interworkApi, linesKey, showPlanRefusal, type ConnectionState } from './api';

type Connected = Extract<ConnectionState, { connected: true }>;
/** The settings schema, plus Naver's product numbers typed as text. */
const FORM_SCHEMA = interworkSettingSchema.shape({ productNosText: yup.string().max(20_000) });

function DaysField() {
  const mode = useWatch({ name: 'issueMode' }) as string;
  return mode === 'DAYS_AFTER' ? <NumberInput source="issueDays" label="interwork.issueDays" min={1} max={90} step={1} /> : null;
}

function DispatchDaysField() {
  const by = useWatch({ name: 'deliveredBy' }) as string;
  return by === 'DISPATCHED_PLUS_DAYS' ? <NumberInput source="dispatchDays" label="interwork.dispatchDays" min={1} max={14} step={1} /> : null;
}

/** The platform's products to choose from (Cafe24 reads them from the mall; Naver takes product numbers typed in). */
function ProductChoice({ platform }: { platform: Platform }) {
  const translate = useTranslate();
  const products = useQuery({ queryKey: ['interwork', 'products'], queryFn: ({ signal }) => interworkApi.products(signal), enabled: platform === 'cafe24', retry: false });
  if (platform === 'naver') {
    return (
      <TextInput
        source="productNosText" label="interwork.productNosNaver" helperText={translate('interwork.productNosNaverHelp')} multiline minRows={2}
      />
    );
  }
  if (products.isError) return <Alert severity="warning">{translate('interwork.productsUnavailable')}</Alert>;
  return (
    <CheckboxGroupInput
      source="productNos" label="interwork.productNos" helperText={translate('interwork.productNosHelp')}
      choices={(products.data?.list ?? []).map((p) => ({ id: p.productNo, name: `${p.productName} (${p.productNo})` }))}
    />
  );
}

function SettingsForm({ conn }: { conn: Connected }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const platform = conn.platform;
  const record = { ...conn.settings, productNosText: conn.settings.productNos.join('\n') };
  const save = async (values: FieldValues) => {
    const body: Partial<InterworkSettings> = {
      issueMode: values.issueMode, issueDays: Number(values.issueDays),
      productNos: platform === 'naver'
        ? String(values.productNosText ?? '').split(/[\s,]+/).map((s) => s.trim()).filter(Boolean)
        : (values.productNos as string[]) ?? [],
      ...(platform === 'naver' ? { deliveredBy: values.deliveredBy, dispatchDays: Number(values.dispatchDays) } : {}),
      ...(platform === 'cafe24' ? { customerSync: Boolean(values.customerSync), pointSync: Boolean(values.pointSync) } : {}),
    };
    try {
      await interworkApi.saveSettings(platform, body);
      await client.invalidateQueries({ queryKey: connectionKey(platform) });
      notify('interwork.saved', { type: 'success' });
    } catch (err) {
      if (showPlanRefusal(err)) return undefined;
      return submissionErrors(err, { present: true });
    }
  };
  return (
    <Section title={translate('interwork.settingsTitle')} description={translate('interwork.settingsHelp')} id={`${platform}-settings`}>
      <Form record={record} resolver={schemaResolver(FORM_SCHEMA)} onSubmit={save}>
        <Stack spacing={1}>
          <RadioButtonGroupInput source="issueMode" label="interwork.issueMode" choices={ISSUE_MODES.map((id) => ({ id, name: `interwork.issueMode${id}` }))} />
          <DaysField />
          {platform === 'naver' ? (
            <>
              <RadioButtonGroupInput source="deliveredBy" label="interwork.deliveredBy" choices={NAVER_DELIVERED_BY.map((id) => ({ id, name: `interwork.deliveredBy${id}` }))} />
              <DispatchDaysField />
            </>
          ) : null}
          <ProductChoice platform={platform} />
          {platform === 'cafe24' ? (
            <>
              <BooleanInput source="customerSync" label="interwork.customerSync" helperText={translate('interwork.planHelp')} />
              <BooleanInput source="pointSync" label="interwork.pointSync" />
            </>
          ) : null}
          <Box><SaveButton label="app.common.save" alwaysEnable /></Box>
        </Stack>
      </Form>
    </Section>
  );
}

const WARRANTY_COLOR = { ISSUED: 'success', FAILED: 'error', MANUAL: 'warning', NOT_SELECTED: 'default', NONE: 'default', CANCELED: 'default' } as const;

function OrderLines({ platform }: { platform: Platform }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const lines = useQuery({ queryKey: linesKey(platform, page), queryFn: ({ signal }) => interworkApi.lines(platform, page, signal), retry: false });
  const issue = async (idx: number) => {
    try {
      const r = await interworkApi.issue(platform, idx);
      notify(r.warrantyState === 'ISSUED' ? 'interwork.issued' : 'interwork.issueFailed', { type: r.warrantyState === 'ISSUED' ? 'success' : 'warning' });
      await client.invalidateQueries({ queryKey: ['interwork', platform] });
    } catch (err) {
      if (!showPlanRefusal(err)) notify((err as Error).message, { type: 'error' });
    }
  };
  const list = lines.data?.list ?? [];
  return (
    <Section title={translate('interwork.ordersTitle')} description={translate('interwork.ordersHelp')} id={`${platform}-orders`}>
      {lines.isPending ? null : list.length === 0 ? (
        <Typography color="text.secondary">{translate('interwork.ordersEmpty')}</Typography>
      ) : (
        <>
          <ScrollRegion label={translate('interwork.ordersTitle')}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {['orderId', 'productName', 'buyerName', 'status', 'warranty', 'orderedAt'].map((k) => <TableCell key={k}>{translate(`interwork.col.${k}`)}</TableCell>)}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((l) => (
                  <TableRow key={l.idx}>
                    <TableCell>{l.orderId}</TableCell>
                    <TableCell>{l.productName}</TableCell>
                    <TableCell>
                      {l.customerIdx ? <RouterLink to={`/b2b/customer/detail/${l.customerIdx}`}>{l.buyerName}</RouterLink> : l.buyerName}
                    </TableCell>
                    <TableCell>{translate(`interwork.status.${l.status}`)}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        {l.warrantyNftIdx ? (
                          <Chip
                            size="small" color={l.warrantyState === 'CANCELED' ? 'default' : 'success'} component={RouterLink} to={`/b2b/guarantee/${l.warrantyNftIdx}`} clickable
                            label={translate(`interwork.warranty.${l.warrantyState === 'CANCELED' ? 'CANCELED' : 'ISSUED'}`)}
                          />
                        ) : (
                          <Chip size="small" color={WARRANTY_COLOR[l.warrantyState]} label={translate(`interwork.warranty.${l.warrantyState}`)} title={l.warrantyError ?? undefined} />
                        )}
                        {!l.warrantyNftIdx && ['MANUAL', 'NOT_SELECTED', 'FAILED'].includes(l.warrantyState) ? (
                          <Button size="small" onClick={() => void issue(l.idx)}>{translate('interwork.issueByHand')}</Button>
                        ) : null}
                      </Stack>
                    </TableCell>
                    <TableCell>{formatDateTime(l.orderedAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
          {(lines.data?.total ?? 0) > 25 ? (
            <Pagination sx={{ mt: 2 }} page={page} count={Math.ceil((lines.data?.total ?? 0) / 25)} onChange={(_, p) => setPage(p)} />
          ) : null}
        </>
      )}
    </Section>
  );
}

function LeaveSection({ platform }: { platform: Platform }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const ask = () => {
    try {
      leaveReasonSchema.validateSync({ reason });
      setError(null);
      setOpen(true);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const leave = async () => {
    setBusy(true);
    try {
      await interworkApi.leave(platform, reason.trim());
      notify('interwork.left', { type: 'success' });
      await client.invalidateQueries({ queryKey: connectionKey(platform) });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <Section title={translate('interwork.leaveTitle')} description={translate('interwork.leaveHelp')} id={`${platform}-leave`}>
      <Stack spacing={1}>
        <TextField
          label={translate('interwork.leaveReason')} value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2}
          error={Boolean(error)} helperText={error ?? ' '} slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <Box><Button color="error" variant="outlined" onClick={ask}>{translate('interwork.leave')}</Button></Box>
      </Stack>
      <ActionConfirm
        open={open} busy={busy} title={translate('interwork.leaveConfirmTitle')} content={translate('interwork.leaveConfirm')}
        confirm={translate('interwork.leave')} cancel={translate('app.common.cancel')} onConfirm={() => void leave()} onClose={() => setOpen(false)}
      />
    </Section>
  );
}

/** A connected platform: its state, issue settings, synced order lines and the leave reason. */
export function ConnectionPanel({ conn }: { conn: Connected }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const syncNow = async () => {
    await interworkApi.sync(conn.platform);
    notify('interwork.syncQueued', { type: 'info' });
    await client.invalidateQueries({ queryKey: ['interwork', conn.platform] });
  };
  return (
    <>
      {conn.status === 'RECONNECT' ? <Alert severity="error" sx={{ mb: 2 }}>{translate('interwork.reconnect')}</Alert> : null}
      {conn.lastError === 'PLATFORM_UNAVAILABLE' ? <Alert severity="warning" sx={{ mb: 2 }}>{translate('interwork.platformDown')}</Alert> : null}
      <Section
        title={translate('interwork.stateTitle')} id={`${conn.platform}-state`}
        action={<Button onClick={() => void syncNow()}>{translate('interwork.syncNow')}</Button>}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }}>
          <Typography><strong>{translate(conn.platform === 'cafe24' ? 'interwork.mallId' : 'interwork.clientId')}</strong> {conn.mallId}</Typography>
          <Typography><strong>{translate('interwork.lastSynced')}</strong> {conn.lastSyncedAt ? formatDateTime(conn.lastSyncedAt) : '-'}</Typography>
          <Typography><strong>{translate('interwork.counts')}</strong> {translate('interwork.countsValue', { lines: conn.orderLines, issued: conn.warrantiesIssued })}</Typography>
        </Stack>
      </Section>
      <SettingsForm conn={conn} />
      <OrderLines platform={conn.platform} />
      <LeaveSection platform={conn.platform} />
    </>
  );
}
