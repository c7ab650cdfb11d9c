import { useState } from 'react';
import {
  Alert, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, GlobalStyles, Link, Stack, Table, TableBody, TableCell, TableHead,
  TablePagination, TableRow, Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { formatNumber } from '../../domain/format';
import { seoulDate, seoulDateTime } from '../../domain/seoulDay';
import { MSG } from '../../domain/messages';
import { apiRequest } from '../../providers/http';
import { PageLoading } from '../../framework/PageStates';
import { Section } from '../../framework/ui';
import { ReceiptParties, type Receipt } from './ReceiptParties';

/** A bill as `GET /v2/bill` answers it (docs/api/payment.md, "Bills"). */
export interface BillItem {
  itemType: 'PLAN' | 'REFUND_PLAN' | 'REFUND_PLUS' | 'NOTIFICATION' | 'NFT';
  itemName: string;
  price: number;
  vat: number;
  totalAmount: number;
  count: number;
  startDate?: string | null;
  endDate?: string | null;
}
export interface Bill {
  idx: number;
  kind: 'SUBSCRIBE' | 'CHANGE' | 'RENEWAL';
  status: 'complete' | 'fail' | 'ready' | 'request' | 'cancel';
  planId?: string | null;
  totalAmount: number;
  itemList: BillItem[];
  payDate?: string | null;
  failMessage?: string | null;
  createdAt: string;
}

export const BILLS_PAGE_SIZES = [10, 25, 50] as const;
const STATUS_COLOR: Record<Bill['status'], 'success' | 'error' | 'warning' | 'default' | 'info'> = {
  complete: 'success', fail: 'error', ready: 'warning', request: 'info', cancel: 'default',
};

// One format on every payment screen (issue 23 item 13): 2026-11-27 12:47 and 2026-11-27, Seoul time (src/domain/seoulDay.ts).
const dateTime = (iso?: string | null) => (iso ? seoulDateTime(iso) : '');
const date = (iso?: string | null) => (iso ? seoulDate(iso) : '');

function useWon() {
  const translate = useTranslate();
  return (n: number) => translate('app.payment.won', { amount: formatNumber(n) });
}

/** The first item's name, with its kind: "Standard · 구독". */
function useItemText() {
  const translate = useTranslate();
  return (bill: Bill) => {
    const first = bill.itemList[0];
    const kind = translate(`app.payment.billKind.${bill.kind}`, { _: bill.kind });
    return first ? `${first.itemName} · ${kind}` : kind;
  };
}

function StatusChip({ status }: { status: Bill['status'] }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status] ?? 'default'} label={translate(`app.payment.billStatus.${status}`, { _: status })} />;
}

/** The bills list (date, item, amount, result) with paging; a row opens its receipt. */
export function BillsSection() {
  const translate = useTranslate();
  const won = useWon();
  const itemText = useItemText();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(BILLS_PAGE_SIZES[0]);
  const [openId, setOpenId] = useState<number | null>(null);
  const bills = useQuery({
    queryKey: ['payment', 'bills', page, pageSize],
    queryFn: ({ signal }) => apiRequest<{ list: Bill[]; total: number }>('/v2/bill', { base: 'payment', query: { sort: 'DESC', page: page + 1, pageSize }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  return (
    <Section title={translate('app.payment.billsTitle')} id="payment-bills">
      {bills.isPending ? (
        <PageLoading />
      ) : bills.isError ? (
        <Typography variant="body2" color="error">{translate('app.payment.loadFailed')}</Typography>
      ) : bills.data.total === 0 ? (
        <Typography variant="body2" color="text.secondary">{translate('app.payment.billsEmpty')}</Typography>
      ) : (
        <>
          <Table size="small" aria-label={translate('app.payment.billsTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.payment.billDate')}</TableCell>
                <TableCell>{translate('app.payment.billItem')}</TableCell>
                <TableCell align="right">{translate('app.payment.billAmount')}</TableCell>
                <TableCell>{translate('app.payment.billResult')}</TableCell>
                <TableCell>{translate('app.payment.billReceipt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bills.data.list.map((bill) => (
                <TableRow key={bill.idx}>
                  <TableCell>{dateTime(bill.payDate ?? bill.createdAt)}</TableCell>
                  <TableCell>{itemText(bill)}</TableCell>
                  <TableCell align="right">{won(bill.totalAmount)}</TableCell>
                  <TableCell><StatusChip status={bill.status} /></TableCell>
                  <TableCell>
                    <Link component="button" type="button" variant="body2" onClick={() => setOpenId(bill.idx)} aria-label={`${translate('app.payment.billOpen')} ${bill.idx}`}>
                      {translate('app.payment.billOpen')}
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={bills.data.total}
            page={page}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...BILLS_PAGE_SIZES]}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage={translate('app.list.pageSize')}
            labelDisplayedRows={({ from, to, count }) => translate('app.payment.billRange', { from, to, count })}
          />
        </>
      )}
      {openId !== null && <ReceiptDialog id={openId} onClose={() => setOpenId(null)} />}
    </Section>
  );
}

/**
 * A bill's receipt (GET /v2/bill/{id}), as a Korean accountant takes it (issue 23 item 14): 공급자 and
 * 공급받는자, the card, lines at their 공급가액 and the totals 공급가액 + 부가세 = 합계, all as the server
 * answered them (src/domain/vat.ts). 인쇄 calls window.print(); the print style shows only this
 * dialog's content, without its buttons, so the page prints (or saves as PDF) as a receipt.
 */
export function ReceiptDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const translate = useTranslate();
  const won = useWon();
  const itemText = useItemText();
  const bill = useQuery({
    queryKey: ['payment', 'bill', id],
    queryFn: ({ signal }) => apiRequest<Bill & { receipt: Receipt }>(`/v2/bill/${id}`, { base: 'payment', signal }),
    retry: false,
  });
  const b = bill.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby="receipt-dialog-title" maxWidth="sm" fullWidth className="receipt-print">
      <GlobalStyles
        styles={{
          '@media print': {
            'body > *:not(.receipt-print)': { display: 'none !important' },
            '.receipt-print': { position: 'static !important' },
            '.receipt-print .MuiBackdrop-root, .receipt-print .receipt-actions': { display: 'none !important' },
            '.receipt-print .MuiDialog-container, .receipt-print .MuiDialog-paper': { display: 'block', height: 'auto', maxHeight: 'none', boxShadow: 'none', margin: 0, overflow: 'visible' },
          },
        }}
      />
      <DialogTitle id="receipt-dialog-title">{translate('app.payment.receiptTitle')}</DialogTitle>
      <DialogContent>
        {bill.isPending ? (
          <PageLoading />
        ) : bill.isError ? (
          <Alert severity="error">{bill.error instanceof Error ? bill.error.message : MSG.genericErrorMessage}</Alert>
        ) : b ? (
          <Stack spacing={2} data-testid="receipt">
            <ReceiptParties receipt={b.receipt} />
            <Table size="small">
              <TableBody>
                <TableRow><TableCell>{translate('app.payment.receiptNo')}</TableCell><TableCell>{b.idx}</TableCell></TableRow>
                <TableRow><TableCell>{translate('app.payment.billItem')}</TableCell><TableCell>{itemText(b)}</TableCell></TableRow>
                <TableRow><TableCell>{translate('app.payment.receiptPayDate')}</TableCell><TableCell>{dateTime(b.payDate ?? b.createdAt)}</TableCell></TableRow>
                <TableRow><TableCell>{translate('app.payment.receiptCard')}</TableCell><TableCell data-testid="receipt-card">{b.receipt.cardNumber ?? '-'}</TableCell></TableRow>
                <TableRow><TableCell>{translate('app.payment.billResult')}</TableCell><TableCell><StatusChip status={b.status} /></TableCell></TableRow>
                {b.failMessage && <TableRow><TableCell>{translate('app.payment.receiptFail')}</TableCell><TableCell>{b.failMessage}</TableCell></TableRow>}
              </TableBody>
            </Table>
            <Table size="small" aria-label={translate('app.payment.billItem')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.payment.billItem')}</TableCell>
                  <TableCell>{translate('app.payment.receiptPeriod')}</TableCell>
                  <TableCell align="right">{translate('app.payment.receiptSupply')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {b.itemList.map((item, i) => (
                  <TableRow key={i}>
                    <TableCell>{`${translate(`app.payment.itemType.${item.itemType}`, { _: item.itemType })} · ${item.itemName}`}</TableCell>
                    <TableCell>{item.startDate ? `${date(item.startDate)} ~ ${date(item.endDate)}` : ''}</TableCell>
                    <TableCell align="right" data-testid="receipt-line-supply">{won(item.price)}</TableCell>
                  </TableRow>
                ))}
                <TableRow><TableCell colSpan={2}>{translate('app.payment.receiptSupply')}</TableCell><TableCell align="right" data-testid="receipt-supply">{won(b.receipt.supplyAmount)}</TableCell></TableRow>
                <TableRow><TableCell colSpan={2}>{translate('app.payment.receiptVat')}</TableCell><TableCell align="right" data-testid="receipt-vat">{won(b.receipt.vat)}</TableCell></TableRow>
                <TableRow>
                  <TableCell colSpan={2} sx={{ fontWeight: 700 }}>{translate('app.payment.receiptTotal')}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="receipt-total">{won(b.receipt.totalAmount)}</TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions className="receipt-actions">
        <Button onClick={onClose} color="inherit">{translate('app.payment.receiptClose')}</Button>
        <Button variant="contained" disableElevation onClick={() => window.print()} disabled={!b}>{translate('app.payment.receiptPrint')}</Button>
      </DialogActions>
    </Dialog>
  );
}
