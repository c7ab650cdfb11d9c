import { Switch } from '@mui/material';
import { useListContext, useNotify, useTranslate, useUpdate } from 'react-admin';
import { bodyOf } from '../../domain/resource';
import { storeResource } from '../../domain/resources/store';
import { ResourceList } from '../../framework/resource/ResourceList';
import type { Store } from './api';

/** 상단 고정 as a switch: PATCH with the whole store (the API replaces name, tag and pinned), then the list again (pinned stores sort first). */
function PinSwitch({ store }: { store: Store }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch } = useListContext();
  const [update, { isPending }] = useUpdate<Store>();
  const toggle = async (pinned: boolean) => {
    try {
      await update(
        storeResource.name,
        { id: store.id, data: bodyOf(storeResource, { ...store, pinned: pinned ? 'Y' : 'N' }), previousData: store },
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

const CELLS = { pinned: (s: Store) => <PinSwitch store={s} /> };

/** /b2b/store: the generic list of the store definition (pinned first, then by name, search by name), with the pin switch. */
export default function StoreList() {
  return <ResourceList<Store> def={storeResource} cells={CELLS} />;
}
