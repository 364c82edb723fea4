/**
 * The simplified tax invoice block of a receipt (issue 44): the 80 mm ticket and the customer's order
 * page both print it, each with its own catalogue's words. Shown only for an invoiced order of a truck
 * with a tax registration number; the Saudi QR (ZATCA phase 1) is loaded only when there is one.
 */
import { lazy, Suspense } from 'react';
import './tax-invoice.css';

const InvoiceQr = lazy(() => import('./invoice-qr.antd'));

export interface TaxInvoiceFields {
  invoiceNumber: number | null;
  invoicedAt: string | null;
  taxRegistrationNumber: string | null;
  zatcaQr: string | null;
}

export interface TaxInvoiceWords {
  title: string;
  number: string;
  seller: string;
  vatNumber: string;
  issuedAt: string;
  vat: string;
  total: string;
  qr: string;
}

export interface TaxInvoiceProps {
  invoice: TaxInvoiceFields;
  words: TaxInvoiceWords;
  sellerName: string;
  /** Already in the interface's digits. */
  shown: { number: string; issuedAt: string; vat: string; total: string };
  className?: string;
}

/** A tax invoice is a registered truck's invoiced order. */
export const isTaxInvoice = (invoice: TaxInvoiceFields): boolean => invoice.invoiceNumber !== null && !!invoice.taxRegistrationNumber;

export function TaxInvoice({ invoice, words, sellerName, shown, className }: TaxInvoiceProps) {
  if (!isTaxInvoice(invoice)) return null;
  const rows: [string, string, string][] = [
    ['number', words.number, shown.number],
    ['seller', words.seller, sellerName],
    ['vat-number', words.vatNumber, invoice.taxRegistrationNumber!],
    ['issued-at', words.issuedAt, shown.issuedAt],
    ['vat', words.vat, shown.vat],
    ['total', words.total, shown.total],
  ];
  return (
    <section className={className} data-testid="tax-invoice" aria-label={words.title}>
      <h2 className="td-invoice__title">{words.title}</h2>
      <dl className="td-invoice__facts">
        {rows.map(([key, label, value]) => (
          <div key={key} className="td-invoice__row" data-testid={`invoice-${key}`}>
            <dt>{label}</dt>
            <dd>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {invoice.zatcaQr && (
        <div className="td-invoice__qr" role="img" aria-label={words.qr} data-testid="invoice-qr" data-payload={invoice.zatcaQr}>
          <Suspense fallback={null}>
            <InvoiceQr value={invoice.zatcaQr} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
