import { useState } from 'react';
import { Box, Button, IconButton, Switch, Tooltip } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useQueryClient } from '@tanstack/react-query';
import { Confirm, useDelete, useListContext, useNotify, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { SchemaList, type ColumnSpec, type SearchDeclaration } from '../../custom/list';
import { PageShell } from '../../custom/ui';
import { seoulDate } from '../product/api';
import { STORE_PATH, STORE_RESOURCE, storeBody, storeEditPath, type Store } from './api';

const F = (field: string) => `store.fields.${field}`;

/** Search by store name (GET /v1/admin/store?searchText=, a contains-match); paging 10…500. */
export const STORE_SEARCH: SearchDeclaration = {
  searchTypes: [{ value: 'name', label: 'store.searchName' }],
};

/** 상단 고정 as a switch: PATCH with the whole store (the API replaces name, tag and pinned), then the list again (pinned stores sort first). */
function PinSwitch({ store }: { store: Store }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch } = useListContext();
  const [update, { isPending }] = useUpdate<Store>();
  const toggle = async (pinned: boolean) => {
    try {
      await update(
        STORE_RESOURCE,
        { id: store.id, data: storeBody({ ...store, pinned: pinned ? 'Y' : 'N' }), previousData: store },
        { returnPromise: true, mutationMode: 'pessimistic' },
      );
    } catch {
      return; // the dataProvider already showed the failure
    }
    notify(pinned ? 'store.pinnedOn' : 'store.pinnedOff', { type: 'success', messageArgs: { name: store.name } });
    void refetch();
  };
  return (
    <Switch
      size="small"
      checked={store.pinned === 'Y'}
      disabled={isPending}
      onClick={(e) => e.stopPropagation()}
      onChange={(_, checked) => void toggle(checked)}
      slotProps={{ input: { 'aria-label': translate('store.pinAria', { name: store.name }) } }}
    />
  );
}

/** The row's delete button and its confirmation (DELETE /v1/admin/store/{idx}). */
function DeleteStoreButton({ store }: { store: Store }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch } = useListContext();
  const [deleteOne, { isPending }] = useDelete<Store>();
  const [open, setOpen] = useState(false);
  const remove = async () => {
    try {
      await deleteOne(STORE_RESOURCE, { id: store.id, previousData: store }, { returnPromise: true, mutationMode: 'pessimistic' });
    } catch {
      setOpen(false);
      return;
    }
    setOpen(false);
    notify('store.deleted', { type: 'success' });
    void refetch();
  };
  const label = translate('store.deleteAria', { name: store.name });
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
        title="store.deleteTitle"
        content="store.deleteConfirm"
        translateOptions={{ name: store.name }}
        confirm="app.common.delete"
        cancel="app.common.cancel"
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const COLUMNS: ColumnSpec<Store>[] = [
  { source: 'idx', label: F('idx') },
  { source: 'name', label: F('name') },
  { source: 'tag', label: F('tag'), render: (s) => s.tag ?? '' },
  { source: 'pinned', label: F('pinned'), align: 'center', render: (s) => <PinSwitch store={s} /> },
  { source: 'createdAt', label: F('createdAt'), render: (s) => seoulDate(s.createdAt) },
  { source: 'actions', label: F('actions'), align: 'center', render: (s) => <DeleteStoreButton store={s} /> },
];

/** /b2b/store: the stores (pinned first, then by name), search by name, pin switch, edit and confirmed delete. */
export default function StoreList() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  // Shown again after register/edit: cached pages are marked stale before the list subscribes (see ProductList).
  useState(() => void queryClient.invalidateQueries({ queryKey: [STORE_RESOURCE, 'getList'], refetchType: 'none' }));
  return (
    <PageShell titleKey="store.title" maxWidth={1080}>
      <Box sx={{ width: 0, minWidth: '100%' }}>
        <SchemaList<Store>
          resource={STORE_RESOURCE}
          label={translate('store.listLabel')}
          columns={COLUMNS}
          search={STORE_SEARCH}
          linkColumn="name"
          rowClick={(id) => storeEditPath(id)}
          actions={
            <Button size="small" variant="contained" disableElevation component={RouterLink} to={`${STORE_PATH}/register`}>
              {translate('store.register')}
            </Button>
          }
        />
      </Box>
    </PageShell>
  );
}
