import { Box, Stack } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SaveButton, useNotify, useTranslate } from 'react-admin';
import { Form } from '../../../framework/Form';
import type { FieldValues } from 'react-hook-form';
import { AS_CATEGORIES_MAX, AS_OPTIONS_MAX, repairCategoriesSchema } from '../../../domain/afterService';
import { Section } from '../../../framework/ui';
import { PageLoading } from '../../../framework/PageStates';
import { schemaResolver, submissionErrors } from '../../../framework/formErrors';
import { REPAIR_CATEGORY_KEY, asSettingApi } from './api';
import { CategoryRows } from './CategoryRows';

/**
 * The repair categories and their options (GET/POST /v1/admin/repair/category), saved as one list:
 * rows keep their idx (requests keep their option), new rows have none, removed rows go. Each row is
 * a text field with its own remove button in words (CategoryRows), so the editor works from the
 * keyboard alone.
 */
export function RepairCategorySection() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const categories = useQuery({ queryKey: REPAIR_CATEGORY_KEY, queryFn: ({ signal }) => asSettingApi.categories(signal), retry: false });
  if (categories.isPending) return <PageLoading />;
  const save = async (values: FieldValues) => {
    try {
      const list = await asSettingApi.saveCategories(repairCategoriesSchema.cast({ list: values.list ?? [] }, { stripUnknown: true }));
      client.setQueryData(REPAIR_CATEGORY_KEY, list);
      notify('app.common.saved', { type: 'success' });
    } catch (err) {
      return submissionErrors(err, { present: true });
    }
  };
  return (
    <Section title={translate('afterServiceIntake.setting.categoryTitle')} description={translate('afterServiceIntake.setting.categoryHelp')} id="as-category">
      {/* A new record after each save: the saved rows come back with their idx. */}
      <Form key={categories.dataUpdatedAt} record={{ list: categories.data ?? [] }} resolver={schemaResolver(repairCategoriesSchema)} onSubmit={save}>
        <Stack spacing={1}>
          <CategoryRows />
          <Box sx={{ color: 'text.secondary', typography: 'caption' }}>
            {translate('afterServiceIntake.setting.categoryLimits', { categories: AS_CATEGORIES_MAX, options: AS_OPTIONS_MAX })}
          </Box>
          <Box>
            <SaveButton label="app.common.save" alwaysEnable />
          </Box>
        </Stack>
      </Form>
    </Section>
  );
}
