import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { SchemaList, type ColumnSpec } from '../../framework/list';
import { PageShell } from '../../framework/ui';
import { usePartnership } from '../../authProvider/usePartnership';
import { isSubAccount } from '../../domain/identity';
import { CUSTOMER_RESOURCE, customerDetailPath, type Customer } from './api';
import { useGrades } from './hooks';
import { ColumnChooser, CUSTOMER_COLUMNS, SORTABLE, useColumnChoice } from './columns';
import { CustomerFormDialog } from './CustomerInputs';
import { DownloadDialog } from './DownloadDialog';
import { OverviewCard } from './OverviewCard';
import { customerSearch } from './search';

/**
 * /b2b/customer (spec 3 section 2): 누적 고객 현황, then the shared list (src/framework/list) with the
 * customer search (./search.ts: target + up to 10 comma separated terms, registration dates, gender,
 * consent, lounge, grades, and the spec's query names), the column chooser (kept in localStorage),
 * sortable columns, page size, 고객 추가 and 고객 다운로드.
 */
export default function CustomerList() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  // Customers are also created elsewhere (a guarantee issued to a new phone): cached pages are marked
  // stale before the list's query subscribes, so the list is current whenever it is shown.
  useState(() => void queryClient.invalidateQueries({ queryKey: [CUSTOMER_RESOURCE, 'getList'], refetchType: 'none' }));
  const grades = useGrades();
  const search = useMemo(() => customerSearch(grades.data ?? []), [grades.data]);
  const [visible, setVisible] = useColumnChoice();
  const [adding, setAdding] = useState(false);
  const { partnership } = usePartnership();
  const t = (key: string, options?: Record<string, unknown>) => translate(key, options);
  const columns: ColumnSpec<Customer>[] = CUSTOMER_COLUMNS.filter((c) => visible.includes(c.source)).map((c) => ({
    source: c.source,
    label: `customer.fields.${c.source}`,
    sortable: SORTABLE.has(c.source),
    align: c.align,
    render: (record) => c.render(record, t),
  }));

  return (
    <PageShell titleKey="customer.title" maxWidth={1400}>
      <Box sx={{ width: 0, minWidth: '100%' }}>
        <OverviewCard />
        <SchemaList<Customer>
          resource={CUSTOMER_RESOURCE}
          label={translate('customer.listLabel')}
          columns={columns}
          search={search}
          rowClick={(id) => customerDetailPath(id)}
          actions={
            <>
              <ColumnChooser value={visible} onChange={setVisible} />
              {/* The download request is the main account's (POST /customer/v1/overview/download is mainWrite). */}
              {partnership && !isSubAccount(partnership) && <DownloadDialog defaultEmail={partnership.email} />}
              <Button size="small" variant="contained" disableElevation startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => setAdding(true)}>
                {translate('customer.add')}
              </Button>
            </>
          }
        />
      </Box>
      {adding && <CustomerFormDialog open onClose={() => setAdding(false)} />}
    </PageShell>
  );
}
