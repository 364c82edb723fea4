import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeZatcaQr, encodeZatcaQr, zatcaQrOf, type ZatcaInvoiceFields } from './zatca-qr';

describe("ZATCA's phase-1 QR of a simplified tax invoice", () => {
  it("encodes the published example (seller Bobs Records) byte for byte", () => {
    const fields: ZatcaInvoiceFields = { sellerName: 'Bobs Records', vatNumber: '310122393500003', timestamp: '2022-04-25T15:30:00Z', totalWithVat: '1000.00', vatAmount: '150.00' };
    expect(encodeZatcaQr(fields)).toBe('AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==');
  });

  it('counts an Arabic name in UTF-8 bytes, not characters, and decodes back', () => {
    const fields: ZatcaInvoiceFields = { sellerName: 'محطة الصاج', vatNumber: '310122393500003', timestamp: '2026-12-02T10:15:00Z', totalWithVat: '23.00', vatAmount: '3.00' };
    const payload = encodeZatcaQr(fields);
    const bytes = Uint8Array.from(atob(payload), (char) => char.charCodeAt(0));
    expect([bytes[0], bytes[1]]).toEqual([1, new TextEncoder().encode(fields.sellerName).length]);
    expect(bytes[1]).toBe(19);
    expect(decodeZatcaQr(payload)).toEqual(fields);
  });

  it('decodes back whatever it encodes', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 60 });
    fc.assert(
      fc.property(text, text, (sellerName, vatNumber) => {
        const fields = { sellerName, vatNumber, timestamp: '2026-12-02T10:15:00Z', totalWithVat: '1.000', vatAmount: '0.130' };
        expect(decodeZatcaQr(encodeZatcaQr(fields))).toEqual(fields);
      }),
    );
  });

  it('refuses what is not a five-field TLV', () => {
    expect(decodeZatcaQr('not base64!')).toBeNull();
    expect(decodeZatcaQr(btoa('\u0001\u0005ab'))).toBeNull();
    expect(decodeZatcaQr(btoa('\u0001\u0001a'))).toBeNull();
  });

  it("writes an order's total with VAT without its tip, in the currency's digits and UTC to the second", () => {
    const payload = zatcaQrOf({ sellerName: 'Saj', vatNumber: '310122393500003', invoicedAt: new Date('2026-12-02T10:15:30.456Z'), totalMinor: 2500, tipMinor: 200, taxMinor: 300, currency: 'SAR' });
    expect(decodeZatcaQr(payload)).toEqual({ sellerName: 'Saj', vatNumber: '310122393500003', timestamp: '2026-12-02T10:15:30Z', totalWithVat: '23.00', vatAmount: '3.00' });
  });
});
