import { useMemo, useState } from 'react';
import { Box, Button, LinearProgress, Link, Paper } from '@mui/material';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { DataTable, ListContextProvider, Pagination, ResourceContextProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ListToolbar, SearchPanel, StateTable } from '../../custom/list';
import { PageShell } from '../../custom/ui';
import { usePartnership } from '../../authProvider/usePartnership';
import { isSubAccount } from '../../domain/identity';
import { CUSTOMER_RESOURCE, customerDetailPath, type Customer } from './api';
import { useGrades } from './hooks';
import { ColumnChooser, CUSTOMER_COLUMNS, SORTABLE, useColumnChoice } from './columns';
import { CustomerFormDialog } from './CustomerInputs';
import { DownloadDialog } from './DownloadDialog';
import { customerSearchDeclaration, panelValuesOf } from './listUrl';
import { OverviewCard } from './OverviewCard';
import { useCustomerListController } from './useCustomerList';

/**
 * /b2b/customer (spec 3 section 2): 누적 고객 현황, the search panel (target + up to 10 comma
 * separated terms, registration dates, gender, consent, lounge, grades), the column chooser (kept in
 * localStorage), sortable columns, page size, 고객 추가 and 고객 다운로드. The query string keeps the
 * spec's names: searchTarget, searchKeyword, page, pageSize, orderBy, orderDirection, filterOptions.
 */
export default function CustomerList() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  // Customers are also created elsewhere (a guarantee issued to a new phone): cached pages are marked
  // stale before the list's query subscribes, so the list is current whenever it is shown.
  useState(() => void queryClient.invalidateQueries({ queryKey: [CUSTOMER_RESOURCE, 'getList'], refetchType: 'none' }));
  const controller = useCustomerListController();
  const { url, data, error, isPending, isFetching, total, refetch } = controller;
  const grades = useGrades();
  const declaration = useMemo(() => customerSearchDeclaration(grades.data ?? []), [grades.data]);
  const values = useMemo(() => panelValuesOf(url), [url]);
  const [visible, setVisible] = useColumnChoice();
  const [adding, setAdding] = useState(false);
  const { partnership } = usePartnership();
  const columns = CUSTOMER_COLUMNS.filter((c) => visible.includes(c.source));
  const labels = columns.map((c) => translate(`customer.fields.${c.source}`));
  const failed = !isPending && !data && Boolean(error);
  const empty = !isPending && (!data || data.length === 0 || total === 0);
  const t = (key: string, options?: Record<string, unknown>) => translate(key, options);

  return (
    <PageShell titleKey="customer.title" maxWidth={1400}>
      <Box sx={{ width: 0, minWidth: '100%' }}>
        <OverviewCard />
        <ResourceContextProvider value={CUSTOMER_RESOURCE}>
          <ListContextProvider value={controller}>
            <SearchPanel declaration={declaration} values={values} onSearch={url.setSearch} onReset={url.reset} />
            <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
              <ListToolbar
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
              <Box sx={{ height: 4 }}>{isFetching && !isPending && <LinearProgress aria-hidden />}</Box>
              {isPending && !failed ? (
                <StateTable labels={labels} text={translate('app.list.loading')} />
              ) : failed ? (
                <StateTable
                  labels={labels}
                  text={translate('app.list.loadFailed')}
                  action={
                    <Button size="small" variant="outlined" onClick={() => void refetch()}>
                      {translate('app.list.retry')}
                    </Button>
                  }
                />
              ) : empty ? (
                <StateTable labels={labels} text={translate('app.list.empty')} />
              ) : (
                <DataTable
                  bulkActionButtons={false}
                  rowClick={(id) => customerDetailPath(id)}
                  aria-label={translate('customer.listLabel')}
                  sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' }, '& thead th': { whiteSpace: 'nowrap' } }}
                >
                  {columns.map((c, i) => (
                    <DataTable.Col
                      key={c.source}
                      source={c.source}
                      label={translate(`customer.fields.${c.source}`)}
                      disableSort={!SORTABLE.has(c.source)}
                      align={c.align}
                      cellSx={() => ({ whiteSpace: 'nowrap' })}
                      render={(record: Customer) =>
                        i === 0 ? (
                          <Link component={RouterLink} to={customerDetailPath(record.id)} underline="hover" color="inherit" onClick={(e) => e.stopPropagation()}>
                            {c.render(record, t)}
                          </Link>
                        ) : (
                          c.render(record, t)
                        )
                      }
                    />
                  ))}
                </DataTable>
              )}
              {!empty && !isPending && <Pagination rowsPerPageOptions={[]} />}
            </Paper>
          </ListContextProvider>
        </ResourceContextProvider>
      </Box>
      {adding && <CustomerFormDialog open onClose={() => setAdding(false)} />}
    </PageShell>
  );
}
