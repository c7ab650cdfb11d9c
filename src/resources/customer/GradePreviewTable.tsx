import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { GradePreviewRow } from './api';
import { formatCount } from './format';
import { ScrollRegion } from '../../framework/ScrollRegion';

/** 미리보기's answer: how many customers each grade would hold, nothing saved. */
export function GradePreviewTable({ preview }: { preview: GradePreviewRow[] }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ mt: 2, p: 2, borderRadius: 2 }}>
      <Typography id="grade-preview-title" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('customer.grade.previewTitle')}
      </Typography>
      <ScrollRegion>
        <Table size="small" aria-labelledby="grade-preview-title">
          <TableHead>
            <TableRow>
              <TableCell>{translate('customer.grade.name')}</TableCell>
              <TableCell align="right">{translate('customer.grade.customerCount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.map((p) => (
              <TableRow key={p.groupNo}>
                <TableCell>{p.name}</TableCell>
                <TableCell align="right">{translate('customer.grade.countValue', { count: formatCount(p.customerCount) })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Paper>
  );
}
