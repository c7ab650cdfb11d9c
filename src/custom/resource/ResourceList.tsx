import { useState, type ReactNode } from 'react';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useQueryClient } from '@tanstack/react-query';
import { Confirm, useDelete, useListContext, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { columnsOf, fieldLabel, searchFieldsOf, titleOf, type Resource } from '../../domain/resource';
import { seoulDate } from '../../domain/seoulDay';
import { SchemaList, type ColumnSpec } from '../list';
import { PageShell } from '../ui';

/** The row's delete button and its confirmation (`<name>.deleteTitle`, `deleteConfirm`, `deleted`). */
function DeleteRecordButton({ def, record }: { def: Resource; record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch } = useListContext();
  const [deleteOne, { isPending }] = useDelete();
  const [open, setOpen] = useState(false);
  const title = titleOf(def, record);
  const remove = async () => {
    try {
      await deleteOne(def.name, { id: record.id, previousData: record }, { returnPromise: true, mutationMode: 'pessimistic' });
    } catch {
      setOpen(false);
      return; // the dataProvider already showed the failure
    }
    setOpen(false);
    notify(`${def.name}.deleted`, { type: 'success' });
    void refetch();
  };
  const label = translate(`${def.name}.deleteAria`, { name: title });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={label}
          onClick={(e) => {
            e.stopPropagation();
            setOpen(true);
          }}
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`${def.name}.deleteTitle`}
        content={`${def.name}.deleteConfirm`}
        translateOptions={{ name: title }}
        confirm="app.common.delete"
        cancel="app.common.cancel"
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** The columns of a resource's list: its `column` fields in order (dates as Seoul days, flags centred), then 관리 with delete. */
export function columnsFor<R extends RaRecord>(def: Resource, cells: Record<string, (record: R) => ReactNode>): ColumnSpec<R>[] {
  const columns = columnsOf(def).map((source): ColumnSpec<R> => {
    const f = def.fields[source];
    const render = cells[source] ?? (f.type === 'datetime' ? (r: R) => seoulDate(r[source] as string) : (r: R) => (r[source] as ReactNode) ?? '');
    return { source, label: fieldLabel(def, source), render, ...(f.type === 'flag' ? { align: 'center' as const } : {}) };
  });
  return [...columns, { source: 'actions', label: fieldLabel(def, 'actions'), align: 'center', render: (r) => <DeleteRecordButton def={def} record={r} /> }];
}

export interface ResourceListProps<R extends RaRecord> {
  def: Resource;
  /** Bespoke cells by source (e.g. the stores' pin switch). */
  cells?: Record<string, (record: R) => ReactNode>;
  maxWidth?: number;
}

/**
 * `<route>`: the resource's list from its definition: columns, search by its searchable fields,
 * paging, a row opening `edit/{id}`, the register button and a confirmed delete per row.
 */
export function ResourceList<R extends RaRecord>({ def, cells = {}, maxWidth = 1080 }: ResourceListProps<R>) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  // Shown again after register/edit: cached pages are marked stale before the list subscribes (see ProductList).
  useState(() => void queryClient.invalidateQueries({ queryKey: [def.name, 'getList'], refetchType: 'none' }));
  const [columns] = useState(() => columnsFor<R>(def, cells));
  const searchTypes = searchFieldsOf(def).map((s) => ({ value: s, label: fieldLabel(def, s) }));
  return (
    <PageShell titleKey={`${def.name}.title`} maxWidth={maxWidth}>
      <Box sx={{ width: 0, minWidth: '100%' }}>
        <SchemaList<R>
          resource={def.name}
          label={translate(`${def.name}.listLabel`)}
          columns={columns}
          search={searchTypes.length ? { searchTypes } : {}}
          linkColumn={def.list.linkColumn}
          rowClick={(id) => `${def.route}/edit/${id}`}
          actions={
            <Button size="small" variant="contained" disableElevation component={RouterLink} to={`${def.route}/register`}>
              {translate(`${def.name}.register`)}
            </Button>
          }
        />
      </Box>
    </PageShell>
  );
}
