import { useMemo, useState, type ReactNode } from 'react';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useQueryClient } from '@tanstack/react-query';
import { Confirm, useDelete, useListContext, useNotify, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { fieldLabel, titleOf, type Resource } from '../../domain/resource';
import { useAllowed } from '../../authProvider/useAllowed';
import { SchemaList, type ColumnSpec, type SchemaListProps } from '../list';
import { PageShell } from '../ui';
import { fieldColumns, searchDeclarationOf, type FilterOptions } from './listDeclaration';

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

/** The columns of a resource's list from its definition, then 관리 with a confirmed delete per row (unless `rowDelete` is false). */
export function columnsFor<R extends RaRecord>(def: Resource, cells: Record<string, (record: R) => ReactNode>, rowDelete = true): ColumnSpec<R>[] {
  const columns = fieldColumns<R>(def, cells);
  if (!rowDelete) return columns;
  return [...columns, { source: 'actions', label: fieldLabel(def, 'actions'), align: 'center', render: (r) => <DeleteRecordButton def={def} record={r} /> }];
}

export interface ResourceListProps<R extends RaRecord> {
  def: Resource;
  /** Bespoke cells by source (e.g. the stores' pin switch). */
  cells?: Record<string, (record: R) => ReactNode>;
  /** Columns left out for this caller (e.g. the brand for a single-brand account). */
  hidden?: readonly string[];
  /** The choices of reference filters. */
  filterOptions?: FilterOptions;
  /** Toolbar buttons after 등록 (upload, export). */
  actions?: ReactNode;
  /** Shown above the list (the coupon list's staff PIN pause). */
  notice?: ReactNode;
  bulkActions?: SchemaListProps<R>['bulkActions'];
  /** The page a row opens; `<route>/edit/{id}` by default. */
  rowClick?: (id: Identifier) => string;
  /** The 관리 column with a delete per row; on by default. */
  rowDelete?: boolean;
  maxWidth?: number;
}

/**
 * `<route>`: the resource's list from its definition: columns, the search panel (search types,
 * period, filters, default sort), paging, a row opening `edit/{id}`, the register button and a
 * confirmed delete per row.
 */
export function ResourceList<R extends RaRecord>({
  def, cells = {}, hidden = [], filterOptions, actions, notice, bulkActions, rowClick, rowDelete = true, maxWidth = 1080,
}: ResourceListProps<R>) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  // 등록 and the row's delete only for an account the write rule lets in (the server refuses the rest).
  const canWrite = useAllowed(def.access.write);
  // Lists refresh when shown (spec 2 section 7): cached pages are marked stale before the list's query
  // subscribes, so they show at once and are refetched (records may have been written elsewhere).
  useState(() => void queryClient.invalidateQueries({ queryKey: [def.name, 'getList'], refetchType: 'none' }));
  // A list's bespoke cells are fixed for its life (callers pass a fresh object each render), and the
  // hidden columns are compared by value, so the columns keep their identity across renders.
  const [fixedCells] = useState(() => cells);
  const hiddenKey = hidden.join();
  const columns = useMemo(() => {
    const hiddenSources = hiddenKey.split(',');
    return columnsFor<R>(def, fixedCells, rowDelete && canWrite).filter((c) => !hiddenSources.includes(c.source));
  }, [def, fixedCells, rowDelete, canWrite, hiddenKey]);
  const search = useMemo(() => searchDeclarationOf(def, filterOptions), [def, filterOptions]);
  return (
    <PageShell titleKey={`${def.name}.title`} maxWidth={maxWidth}>
      {notice}
      {/*
        Zero min-content width: react-admin's layout root has min-width: fit-content, so a wide table
        would widen the whole page on narrow screens instead of scrolling inside its own wrapper.
      */}
      <Box sx={{ width: 0, minWidth: '100%' }}>
        <SchemaList<R>
          resource={def.name}
          label={translate(`${def.name}.listLabel`)}
          columns={columns}
          search={search}
          linkColumn={def.list.linkColumn}
          rowClick={rowClick ?? ((id) => `${def.route}/edit/${id}`)}
          bulkActions={bulkActions}
          actions={
            <>
              {canWrite && (
                <Button size="small" variant="contained" disableElevation component={RouterLink} to={`${def.route}/${def.registerPath ?? 'register'}`}>
                  {translate(`${def.name}.register`)}
                </Button>
              )}
              {actions}
            </>
          }
        />
      </Box>
    </PageShell>
  );
}
