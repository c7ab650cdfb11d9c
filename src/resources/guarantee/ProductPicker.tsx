import { useState, type FormEvent } from 'react';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Radio, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { GUARANTEE_MSG } from '../../domain/guarantee';
import { apiRequest } from '../../providers/http';
import { productResource } from '../../domain/resources/product';
import { categoryName, won, type Product } from '../product/api';

const PAGE_SIZE = 10;

export interface ProductPickerProps {
  open: boolean;
  /** Cooperator (multi-brand) accounts also see the category and brand of each product. */
  cooperator: boolean;
  onClose: () => void;
  onPick: (product: Product) => void;
}

/**
 * 상품 선택 (spec 2 sections 5 and 8): searches the catalogue (GET /v1/admin/partners-product, name,
 * code or barcode), one product at a time; confirming with none says "상품을 선택해주세요".
 */
export function ProductPicker({ open, cooperator, onClose, onPick }: ProductPickerProps) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Product | null>(null);
  const [error, setError] = useState<string | null>(null);

  const query = useQuery({
    queryKey: ['guarantee', 'product-picker', applied, page],
    queryFn: ({ signal }) =>
      apiRequest<{ list: Product[]; total: number }>(productResource.apiPath, {
        query: { page, pageSize: PAGE_SIZE, sort: 'createdAt,DESC', ...(applied ? { searchType: 'all', searchText: applied } : {}) },
        signal,
      }),
    enabled: open,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.list ?? [];
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const search = (e?: FormEvent) => {
    e?.preventDefault();
    setApplied(text.trim());
    setPage(1);
  };
  const confirm = () => {
    if (!selected) {
      setError(GUARANTEE_MSG.productRequired);
      return;
    }
    onPick(selected);
    setSelected(null);
    setError(null);
  };
  const close = () => {
    setSelected(null);
    setError(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="product-picker-title" maxWidth="md" fullWidth>
      <DialogTitle id="product-picker-title">{translate('guarantee.picker.title')}</DialogTitle>
      <DialogContent>
        <Stack component="form" direction="row" spacing={1} onSubmit={search} role="search" sx={{ mb: 2 }}>
          <TextField
            size="small"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={translate('guarantee.picker.placeholder')}
            slotProps={{ htmlInput: { 'aria-label': translate('guarantee.picker.search') } }}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="outlined">
            {translate('guarantee.picker.search')}
          </Button>
        </Stack>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('guarantee.picker.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{translate('product.fields.name')}</TableCell>
                <TableCell>{translate('product.fields.code')}</TableCell>
                {cooperator && <TableCell>{translate('product.fields.categoryCode')}</TableCell>}
                {cooperator && <TableCell>{translate('product.fields.brandName')}</TableCell>}
                <TableCell align="right">{translate('product.fields.price')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.isPending || rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={cooperator ? 6 : 4} align="center" role="status" sx={{ py: 4, color: 'text.secondary' }}>
                    {translate(query.isPending ? 'app.list.loading' : 'app.list.empty')}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((p) => (
                  <TableRow
                    key={p.idx}
                    hover
                    selected={selected?.idx === p.idx}
                    onClick={() => {
                      setSelected(p);
                      setError(null);
                    }}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell padding="checkbox">
                      <Radio size="small" checked={selected?.idx === p.idx} onChange={() => setSelected(p)} slotProps={{ input: { 'aria-label': p.name } }} />
                    </TableCell>
                    <TableCell>{p.name}</TableCell>
                    <TableCell>{p.code}</TableCell>
                    {cooperator && <TableCell>{categoryName(p)}</TableCell>}
                    {cooperator && <TableCell>{p.brandName}</TableCell>}
                    <TableCell align="right">{won(p.price)}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'flex-end' }}>
          <Typography variant="caption" color="text.secondary">
            {translate('guarantee.picker.page', { page, last: lastPage })}
          </Typography>
          <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {translate('guarantee.picker.prev')}
          </Button>
          <Button size="small" disabled={page >= lastPage} onClick={() => setPage((p) => p + 1)}>
            {translate('guarantee.picker.next')}
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} color="inherit">
          {translate('app.common.cancel')}
        </Button>
        <Button variant="contained" disableElevation onClick={confirm}>
          {translate('guarantee.picker.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
