import type { Shape } from '../shape';
import type storeKo from './store.ko';

/** English texts of the Stores screens, same keys as store.ko.ts. */
export default {
  store: {
    title: 'Stores',
    listLabel: 'Store list',
    register: 'Add store',
    edit: 'Edit store',
    searchName: 'Store name',
    fields: {
      idx: 'No.',
      name: 'Store name',
      tag: 'Tag',
      pinned: 'Pinned',
      createdAt: 'Added',
      actions: 'Actions',
    },
    tagHelp: 'e.g. Direct, Department store, Online',
    pinnedHelp: 'Pinned stores come first in the list and in store pickers',
    pinAria: 'Pin %{name}',
    pinnedOn: '%{name} is pinned',
    pinnedOff: '%{name} is no longer pinned',
    created: 'Store added',
    saved: 'Store saved',
    deleted: 'Store deleted',
    deleteAria: 'Delete %{name}',
    deleteTitle: 'Delete store',
    deleteConfirm: 'Delete the store %{name}? This cannot be undone.',
    notFound: 'This store does not exist',
    back: 'Back to the list',
  },
} satisfies Shape<typeof storeKo>;
