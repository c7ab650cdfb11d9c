import { useCallback, useEffect, useState } from 'react';
import { Alert, MenuItem, Paper, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiRequest } from '../../providers/http';
import { membershipSheet, type MembershipSheetRow } from '../../domain/membershipSheet';
import { PageLoading } from '../../framework/PageStates';
import { ExcelUploadPage, warmWorkerParse, workerParse, type ParseFn, type SubmitChunkResult } from '../../framework/excel';
import { guaranteeFailureMessage, newBatchKey } from '../guarantee/GuaranteeExcelUpload';
import { L, MEMBERSHIP_NFT_API, useMembershipTemplates } from './api';

/** POST <membership API>/bulk `{ batchKey, rows }`: every row with the chosen membership; `{ list, failed }`, each refused row with its own reason. */
export const submitMembershipChunk = (templateIdx: number) => (rows: MembershipSheetRow[], batchKey: string) =>
  apiRequest<SubmitChunkResult>(`${MEMBERSHIP_NFT_API}/bulk`, { method: 'POST', body: { batchKey, rows: rows.map((r) => ({ ...r, nftTemplateIdx: templateIdx })) } });

/**
 * /b2b/membership/guarantee/excel-upload: the guarantee bulk sheet's machinery (form download, worker
 * parse after 500 ms, 100-row preview, chunks with their batch keys reused on retry) with the membership
 * sheet, for the membership chosen under the title. Rows are issued at once with their coupons; a customer who
 * already holds it is that row's error alone, and the other rows of its chunk are issued.
 */
export function MembershipExcelUpload({ parse = workerParse, delayMs }: { parse?: ParseFn; delayMs?: number } = {}) {
  const translate = useTranslate();
  const templates = useMembershipTemplates();
  const [templateIdx, setTemplateIdx] = useState<number | ''>('');
  useEffect(() => {
    if (templateIdx === '' && templates.data?.length) setTemplateIdx((templates.data.find((t) => t.isMain) ?? templates.data[0]).idx);
  }, [templates.data, templateIdx]);
  useEffect(() => {
    if (parse === workerParse) warmWorkerParse(membershipSheet.kind);
  }, [parse]);
  const submit = useCallback((rows: MembershipSheetRow[], batchKey: string) => submitMembershipChunk(Number(templateIdx))(rows, batchKey), [templateIdx]);
  if (templates.isPending) return <PageLoading />;
  // The picker sits in the page under its title (it once floated above it, issue 23 item 9).
  const picker = (
    <Paper variant="outlined" sx={{ p: 2, mb: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <TextField select fullWidth size="small" label={translate(`${L}.excel.template`)} value={templateIdx} onChange={(e) => setTemplateIdx(Number(e.target.value))}>
        {(templates.data ?? []).map((t) => <MenuItem key={t.idx} value={t.idx}>{t.nftCardName}</MenuItem>)}
      </TextField>
      {templateIdx === '' && <Alert severity="info" sx={{ mt: 1 }}>{translate(`${L}.excel.templateFirst`)}</Alert>}
    </Paper>
  );
  return (
    <ExcelUploadPage
      spec={membershipSheet}
      title={translate(`${L}.excel.title`)}
      submit={submit}
      parse={parse}
      delayMs={delayMs}
      batchKeyFor={newBatchKey}
      failureMessage={guaranteeFailureMessage}
      settings={picker}
    />
  );
}
