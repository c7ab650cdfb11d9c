import { Box, Stack } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AddItemButton, ArrayInput, RemoveItemButton, ResourceContextProvider, SaveButton, SimpleFormIterator, TextInput, useNotify, useTranslate } from 'react-admin';
import { Form } from '../../../framework/Form';
import type { FieldValues } from 'react-hook-form';
import { AS_CATEGORIES_MAX, AS_OPTIONS_MAX, repairCategoriesSchema } from '../../../domain/afterService';
import { Section } from '../../../framework/ui';
import { PageLoading } from '../../../framework/PageStates';
import { schemaResolver, submissionErrors } from '../../../framework/formErrors';
import { REPAIR_CATEGORY_KEY, asSettingApi } from './api';

/** The iterator hides a row's remove button until hover; shown always, it can be reached with Tab. */
const ALWAYS_SHOWN_ACTIONS = { '& .RaSimpleFormIterator-action': { visibility: 'visible' } };

/**
 * The repair categories and their options (GET/POST /v1/admin/repair/category), saved as one list:
 * rows keep their idx (requests keep their option), new rows have none, removed rows go. Each row is
 * a text field with its own add and remove buttons, so the editor works from the keyboard alone.
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
      {/* A new record after each save: the saved rows come back with their idx. The iterator needs a resource name. */}
      <ResourceContextProvider value="repairCategory">
      <Form key={categories.dataUpdatedAt} record={{ list: categories.data ?? [] }} resolver={schemaResolver(repairCategoriesSchema)} onSubmit={save}>
        <Stack spacing={1}>
          <ArrayInput source="list" label="afterServiceIntake.setting.categories">
            <SimpleFormIterator disableReordering disableClear inline={false} getItemLabel={() => ''} sx={ALWAYS_SHOWN_ACTIONS}
              addButton={<AddItemButton label="afterServiceIntake.setting.addCategory" />} removeButton={<RemoveItemButton label="afterServiceIntake.setting.removeCategory" />}>
              <TextInput source="name" label="afterServiceIntake.setting.categoryName" helperText={false} />
              <ArrayInput source="options" label="afterServiceIntake.setting.options">
                <SimpleFormIterator disableReordering disableClear inline getItemLabel={() => ''} sx={ALWAYS_SHOWN_ACTIONS}
                  addButton={<AddItemButton label="afterServiceIntake.setting.addOption" />} removeButton={<RemoveItemButton label="afterServiceIntake.setting.removeOption" />}>
                  <TextInput source="name" label="afterServiceIntake.setting.optionName" helperText={false} />
                </SimpleFormIterator>
              </ArrayInput>
            </SimpleFormIterator>
          </ArrayInput>
          <Box sx={{ color: 'text.secondary', typography: 'caption' }}>
            {translate('afterServiceIntake.setting.categoryLimits', { categories: AS_CATEGORIES_MAX, options: AS_OPTIONS_MAX })}
          </Box>
          <Box>
            <SaveButton label="app.common.save" alwaysEnable />
          </Box>
        </Stack>
      </Form>
      </ResourceContextProvider>
    </Section>
  );
}
