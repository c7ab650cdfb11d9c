/** Korean texts of the Guarantees screens, read as `guarantee.*`. English has the same keys (guarantee.en.ts). */
export const guaranteeKo = {
  guarantee: {
    title: '보증서',
  },
} as const;
