import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutline';
import { TextInput, useTranslate } from 'react-admin';
import { useFieldArray } from 'react-hook-form';
import { AS_CATEGORIES_MAX, AS_OPTIONS_MAX } from '../../../domain/afterService';

/**
 * The category editor's rows (issue 23 #20): every add and remove button says what it does in
 * words, each category is a group named by its position, and a row's name and its button sit side
 * by side from `sm` up and stack below it, so nothing overlaps at any width.
 */

const S = (key: string) => `afterServiceIntake.setting.${key}`;
const newRow = { idx: null, name: '' };

function OptionRows({ category }: { category: number }) {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: `list.${category}.options` });
  return (
    <Stack spacing={1} sx={{ pl: { xs: 0, sm: 3 } }}>
      <Typography variant="body2" color="text.secondary">{translate(S('options'))}</Typography>
      {fields.map((field, j) => (
        <Stack key={field.id} role="group" aria-label={translate(S('optionN'), { n: j + 1 })} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
          <TextInput source={`list.${category}.options.${j}.name`} label={S('optionName')} helperText={false} sx={{ flex: 1, minWidth: 0, m: 0 }} />
          <Button color="warning" startIcon={<RemoveCircleOutline />} onClick={() => remove(j)} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-end', sm: 'center' } }}>
            {translate(S('removeOption'))}
          </Button>
        </Stack>
      ))}
      <Box>
        <Button size="small" startIcon={<AddCircleOutline />} onClick={() => append(newRow)} disabled={fields.length >= AS_OPTIONS_MAX}>
          {translate(S('addOption'))}
        </Button>
      </Box>
    </Stack>
  );
}

export function CategoryRows() {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: 'list' });
  return (
    <Stack spacing={2}>
      {fields.map((field, i) => (
        <Paper key={field.id} variant="outlined" role="group" aria-label={translate(S('categoryN'), { n: i + 1 })} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2 }}>
          <Stack spacing={1.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
              <TextInput source={`list.${i}.name`} label={S('categoryName')} helperText={false} sx={{ flex: 1, minWidth: 0, m: 0 }} />
              <Button color="warning" startIcon={<RemoveCircleOutline />} onClick={() => remove(i)} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-end', sm: 'center' } }}>
                {translate(S('removeCategory'))}
              </Button>
            </Stack>
            <OptionRows category={i} />
          </Stack>
        </Paper>
      ))}
      <Box>
        <Button variant="outlined" startIcon={<AddCircleOutline />} onClick={() => append({ ...newRow, options: [] })} disabled={fields.length >= AS_CATEGORIES_MAX}>
          {translate(S('addCategory'))}
        </Button>
      </Box>
    </Stack>
  );
}
