/**
 * Invoices (issue 44): every completed paid order gets the truck's next invoice number (no gaps, never
 * reused: a counter row locked in the completing transaction). For a truck with a tax registration
 * number the receipt is a simplified tax invoice (seller, VAT number, date and time, VAT, total); a
 * Saudi one also carries ZATCA's phase-1 QR (./zatca-qr.ts). What is printed is snapshotted when the
 * order is invoiced, so a later change of the truck's settings never rewrites an issued invoice.
 */
import { z } from 'zod';

export * from './zatca-qr';

/** What decides the kind of receipt: the truck's settings at the moment it invoices an order. */
export interface InvoiceTruck {
  taxCountry: string | null;
  taxRegistrationNumber: string | null;
}

/** A truck registered for tax issues simplified tax invoices. */
export const issuesTaxInvoices = (truck: InvoiceTruck): boolean => (truck.taxRegistrationNumber ?? '') !== '';

/** ZATCA's phase-1 QR: Saudi trucks with a VAT number. */
export const carriesZatcaQr = (truck: InvoiceTruck): boolean => truck.taxCountry === 'SA' && issuesTaxInvoices(truck);

/** The invoice fields of an order's representation (the owner's and the customer's). */
export const OrderInvoiceShape = {
  /** The truck's sequential invoice number, given when the order was completed and paid; null before. */
  invoiceNumber: z.int().positive().nullable(),
  /** When it was invoiced (completed); null before. */
  invoicedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The seller's tax registration (VAT) number printed on the invoice: null when not invoiced or not registered. */
  taxRegistrationNumber: z.string().nullable(),
  /** ZATCA phase-1 QR payload (TLV, base64) for a Saudi truck's invoiced order; null otherwise. */
  zatcaQr: z.string().nullable(),
};

/**
 * The invoice's total with VAT: what the order charges for its goods, delivery and tax. A tip is not
 * the price of a supply (outside VAT, decision 017: not revenue, not taxed), so it stays off the
 * invoice's total and off its QR; the receipt shows it apart.
 */
export const invoiceTotalMinor = (money: { total: number; tip: number }): number => money.total - money.tip;

/** The seller's name on the invoice and in its QR: the truck's Arabic name (ZATCA's language), else its English one. */
export const sellerNameOf = (truck: { nameEn: string; nameAr: string }): string => (truck.nameAr.trim() !== '' ? truck.nameAr : truck.nameEn);
