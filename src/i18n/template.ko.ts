/** Korean texts of the Guarantee settings screens, read as `template.*`. English has the same keys (template.en.ts). */
export const templateKo = {
  template: {
    title: '보증서 설정',
  },
} as const;
