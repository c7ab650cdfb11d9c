import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatBusinessNumber } from '../../domain/patterns';

/** A party of a receipt: business registration number (digits) and company name. */
export interface ReceiptParty {
  businessNumber: string | null;
  name: string;
}

/**
 * What GET /v2/bill/{id} adds for the receipt (issue 23 item 14; docs/api/payment.md, "Bills"): 공급자 and
 * 공급받는자, the card charged (****-****-****-1234) and 공급가액 + 부가세 = 합계 (src/domain/vat.ts).
 */
export interface Receipt {
  supplier: ReceiptParty;
  buyer: ReceiptParty;
  cardNumber: string | null;
  supplyAmount: number;
  vat: number;
  totalAmount: number;
}

/** 공급자 and 공급받는자, each with 상호 and 사업자등록번호 (123-45-67890), as a Korean receipt names them. */
export function ReceiptParties({ receipt }: { receipt: Receipt }) {
  const translate = useTranslate();
  const row = (labelKey: string, party: ReceiptParty, testId: string) => (
    <TableRow data-testid={testId}>
      <TableCell component="th" scope="row">{translate(labelKey)}</TableCell>
      <TableCell>{party.name}</TableCell>
      <TableCell>{party.businessNumber ? formatBusinessNumber(party.businessNumber) : '-'}</TableCell>
    </TableRow>
  );
  return (
    <Table size="small" aria-label={`${translate('app.payment.receiptSupplier')} · ${translate('app.payment.receiptBuyer')}`}>
      <TableHead>
        <TableRow>
          <TableCell />
          <TableCell>{translate('app.payment.receiptCompany')}</TableCell>
          <TableCell>{translate('app.payment.receiptBusinessNumber')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {row('app.payment.receiptSupplier', receipt.supplier, 'receipt-supplier')}
        {row('app.payment.receiptBuyer', receipt.buyer, 'receipt-buyer')}
      </TableBody>
    </Table>
  );
}
