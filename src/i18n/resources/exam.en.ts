import type { Shape } from '../shape';
import type examKo from './exam.ko';

/** English texts of the inspection screens, same keys as exam.ko.ts. */
export default {
  exam: {
    title: 'Inspections',
    listLabel: 'Inspection list',
    register: 'Add inspection',
    edit: 'Record inspection result',
    show: 'Inspection detail',
    fields: {
      idx: 'No.',
      result: 'Result',
      examKind: 'Kind',
      productName: 'Product',
      nftIdx: 'Certificate no.',
      customerName: 'Customer',
      customerPhone: 'Customer phone',
      grade: 'Grade',
      inspector: 'Inspector',
      inspectedOn: 'Inspected on',
      photos: 'Photos',
      memo: 'Memo',
      createdAt: 'Added',
      actions: 'Actions',
    },
    nftIdxHelp: 'The number printed on the certificate (e.g. G261127-0000001). An inspection may have no certificate',
    created: 'Inspection added',
    saved: 'Inspection saved',
    deleted: 'Inspection deleted',
    deleteAria: 'Delete %{name}',
    deleteTitle: 'Delete inspection',
    deleteConfirm: 'Delete the inspection of %{name}? This cannot be undone.',
    notFound: 'This inspection does not exist',
    back: 'Back to list',
    editAction: 'Record result',
    openCertificate: 'Open certificate',
    photoAlt: 'Photo %{n}',
    photoRemove: 'Remove photo %{n}',
    photoPick: 'Add photos',
    photoHint: 'jpg, png, gif, webp · up to 10 MB · %{count} / %{max}',
  },
} satisfies Shape<typeof examKo>;
