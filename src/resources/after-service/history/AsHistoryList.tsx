import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { AS_RULES, AS_STATUS_FILTERS, AS_STATUS_LABELS, asPhoneText, type AsType } from '../../../domain/afterService';
import { AS_REQUEST_RESOURCES } from '../../../domain/resources/asRequest';
import { SchemaList } from '../../../framework/list';
import { fieldColumns, searchDeclarationOf } from '../../../framework/resource/listDeclaration';
import { PageShell } from '../../../framework/ui';
import { apiRequest } from '../../../providers/http';
import { asDetailPath, type AsRow, type RefusedRow } from '../api';
import { INTAKE_PATH } from '../intake/api';
import { AsStatusChip, RefusedRowsDialog, useAllows } from '../common';
import { BulkCancelButton, BulkCompleteButton, rowName } from './BulkActions';

interface RepairCategory {
  idx: number;
  name: string;
  options: { idx: number; name: string }[];
}

/** GET /v1/admin/repair/category (the main account's settings): the option filter's choices, "category · option". */
function useOptionChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['afterService', 'repair-category'],
    queryFn: () => apiRequest<RepairCategory[] | { list: RepairCategory[] }>('/v1/admin/repair/category').then((d) => (Array.isArray(d) ? d : d.list)),
    enabled,
    retry: false,
    staleTime: 60_000,
    select: (categories) => categories.flatMap((c) => c.options.map((o) => ({ value: String(o.idx), label: `${c.name} · ${o.name}` }))),
  });
}

const cells = {
  status: (r: AsRow) => <AsStatusChip status={r.status} />,
  receiverPhone: (r: AsRow) => asPhoneText(r.receiverPhone),
};

/**
 * /b2b/after-service/repair and /laundry: the kind's requests from its declaration (columns, search
 * types, period), with the status filter (`?status=request` is home's to-do link) and, for repairs,
 * the option filter; all in the query string (status, startDate, endDate, searchType, searchText,
 * optionIdx, page, pageSize). The brand and the kind's partner see their own scope; bulk complete and
 * cancel are offered to both (the server refuses, naming each row, what the caller may not move).
 */
export function AsHistoryList({ type }: { type: AsType }) {
  const def = AS_REQUEST_RESOURCES[type];
  const translate = useTranslate();
  const queryClient = useQueryClient();
  // Lists refresh when shown: cached pages are marked stale before the query subscribes.
  useState(() => void queryClient.invalidateQueries({ queryKey: [def.name, 'getList'], refetchType: 'none' }));
  const brand = useAllows(AS_RULES.brand(type));
  const intake = useAllows(AS_RULES.intake);
  const readsCategories = useAllows(AS_RULES.setting(type));
  const options = useOptionChoices(type === 'repair' && readsCategories);
  const optionChoices = options.data;
  const search = useMemo(
    () =>
      searchDeclarationOf(def, {
        status: AS_STATUS_FILTERS[type].map((s) => ({ value: s, label: AS_STATUS_LABELS[s] })),
        ...(optionChoices?.length ? { optionIdx: optionChoices } : {}),
      }),
    [def, type, optionChoices],
  );
  const columns = useMemo(() => fieldColumns<AsRow>(def, cells), [def]);
  const [refused, setRefused] = useState<RefusedRow[] | null>(null);

  return (
    <PageShell titleKey={`${def.name}.title`} maxWidth={1280}>
      {/* Zero min-content width: a wide table scrolls inside its wrapper instead of widening the page. */}
      <Box sx={{ width: 0, minWidth: '100%' }}>
        <SchemaList<AsRow>
          resource={def.name}
          label={translate(`${def.name}.listLabel`)}
          columns={columns}
          search={search}
          linkColumn={def.list.linkColumn}
          rowClick={(id) => asDetailPath(type, id)}
          actions={
            intake && brand ? (
              <Button size="small" variant="contained" disableElevation component={RouterLink} to={type === 'laundry' ? `${INTAKE_PATH}?type=laundry` : INTAKE_PATH}>
                {translate('afterService.list.intake')}
              </Button>
            ) : undefined
          }
          bulkActions={[
            <BulkCompleteButton key="complete" type={type} onRefused={setRefused} />,
            <BulkCancelButton key="cancel" type={type} onRefused={setRefused} />,
          ]}
        />
      </Box>
      <RefusedRowsDialog refused={refused} nameOf={(idx) => rowName(idx, queryRows(queryClient, def.name))} onClose={() => setRefused(null)} />
    </PageShell>
  );
}

/** The rows of the cached list pages (the refusal names rows by their certificate number). */
function queryRows(queryClient: ReturnType<typeof useQueryClient>, resource: string): AsRow[] {
  return queryClient.getQueriesData<{ data: RaRecord[] }>({ queryKey: [resource, 'getList'] }).flatMap(([, d]) => (d?.data ?? []) as AsRow[]);
}

export const RepairHistory = () => <AsHistoryList type="repair" />;
export const LaundryHistory = () => <AsHistoryList type="laundry" />;
