import type { ReactElement, ReactNode } from 'react';
import { Box, Stack } from '@mui/material';
import { SaveButton, type RaRecord } from 'react-admin';
import { Form } from '../../framework/Form';
import type { FieldValues } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';

/**
 * A settings form: validated by `schema`, `save` called on submit (a thrown API error becomes field
 * messages or the global error), unsaved-changes tracking, the fields in a column and a save button.
 */
export function SettingsForm({
  record,
  schema,
  save,
  children,
  saveLabel = 'app.common.save',
  saveIcon,
  spacing = 1,
  width = { maxWidth: 480 },
  errorOptions,
}: {
  record: Partial<RaRecord>;
  schema: AnyObjectSchema;
  save: (values: FieldValues) => Promise<void>;
  children: ReactNode;
  saveLabel?: string;
  saveIcon?: ReactElement;
  spacing?: number;
  width?: { maxWidth: number } | { width: '100%' };
  /** `present: true` for calls made outside the dataProvider: their failures are shown here. */
  errorOptions?: { present?: boolean };
}) {
  return (
    <Form
      record={record}
      resolver={schemaResolver(schema)}
      onSubmit={async (values: FieldValues) => {
        try {
          await save(values);
        } catch (err) {
          return submissionErrors(err, errorOptions);
        }
      }}
    >
      <Stack spacing={spacing} sx={width}>
        {children}
        <Box>
          <SaveButton label={saveLabel} icon={saveIcon} />
        </Box>
      </Stack>
    </Form>
  );
}
