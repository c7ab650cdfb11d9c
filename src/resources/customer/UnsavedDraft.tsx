import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { TrackUnsavedChanges } from '../../framework/unsavedChanges';

/**
 * The page's state is not a react-hook-form form, so a one-field form stands for it: dirty while the
 * draft differs from what was loaded, which registers with the page's unsaved-changes prompt.
 */
export function UnsavedDraft({ dirty }: { dirty: boolean }) {
  const form = useForm({ defaultValues: { changed: false } });
  const { setValue } = form;
  useEffect(() => {
    setValue('changed', dirty, { shouldDirty: true });
  }, [dirty, setValue]);
  return (
    <FormProvider {...form}>
      <TrackUnsavedChanges />
    </FormProvider>
  );
}
