/** Korean texts of the Stores screens, read as `store.*`. English has the same keys (store.en.ts). */
export const storeKo = {
  store: {
    title: '매장',
  },
} as const;
