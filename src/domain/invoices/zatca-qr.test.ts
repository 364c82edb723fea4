import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, carriesZatcaQr, decodeZatcaQr, encodeZatcaQr, issuesTaxInvoices, zatcaQrOf, zatcaTimestamp } from '.';

// The example of ZATCA's "E-invoicing detailed guidelines" (QR code, phase 1).
const ZATCA_EXAMPLE = {
  sellerName: 'Bobs Records',
  vatNumber: '310122393500003',
  timestamp: '2022-04-25T15:30:00Z',
  total: '1000.00',
  vatAmount: '150.00',
};
const ZATCA_EXAMPLE_QR = 'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==';

describe('ZATCA phase-1 QR', () => {
  it("encodes ZATCA's published example to its published base64, and decodes it back", () => {
    expect(encodeZatcaQr(ZATCA_EXAMPLE)).toBe(ZATCA_EXAMPLE_QR);
    expect(decodeZatcaQr(ZATCA_EXAMPLE_QR)).toEqual(ZATCA_EXAMPLE);
  });

  it('counts lengths in UTF-8 bytes: an Arabic seller name of 13 characters is 25 bytes', () => {
    const fields = { ...ZATCA_EXAMPLE, sellerName: 'شاورما الرياض', total: '115.00', vatAmount: '15.00' };
    const qr = encodeZatcaQr(fields);
    const bytes = base64ToBytes(qr);
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(new TextEncoder().encode('شاورما الرياض').length);
    expect(bytes[1]).toBe(25);
    expect(decodeZatcaQr(qr)).toEqual(fields);
  });

  it('prints the amounts to the currency exponent and the time in UTC to the second', () => {
    const qr = zatcaQrOf({ sellerName: 'مطبخ', vatNumber: '310122393500003', issuedAt: new Date('2026-03-01T18:05:09.123+03:00'), totalMinor: 11_500, vatMinor: 1_500, currency: 'SAR' });
    expect(decodeZatcaQr(qr)).toEqual({ sellerName: 'مطبخ', vatNumber: '310122393500003', timestamp: '2026-03-01T15:05:09Z', total: '115.00', vatAmount: '15.00' });
    expect(zatcaTimestamp(new Date('2022-04-25T15:30:00Z'))).toBe('2022-04-25T15:30:00Z');
  });

  it('refuses a value longer than one length byte can say, and text that is not the five fields', () => {
    expect(() => encodeZatcaQr({ ...ZATCA_EXAMPLE, sellerName: 'ش'.repeat(128) })).toThrow(RangeError);
    expect(() => decodeZatcaQr('AQxCb2Jz')).toThrow(RangeError);
    expect(() => decodeZatcaQr('not base64!')).toThrow(RangeError);
    expect(() => decodeZatcaQr(bytesToBase64(new Uint8Array([1, 1, 65])))).toThrow(/tag 2 missing/);
  });

  it('base64 round-trips any bytes and agrees with the platform', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = bytesToBase64(bytes);
        expect(text).toBe(btoa(String.fromCharCode(...bytes)));
        expect([...base64ToBytes(text)]).toEqual([...bytes]);
      }),
    );
  });

  it('round-trips any fields that fit', () => {
    const value = fc.string({ unit: 'grapheme', maxLength: 40 });
    fc.assert(
      fc.property(fc.record({ sellerName: value, vatNumber: value, timestamp: value, total: value, vatAmount: value }), (fields) => {
        expect(decodeZatcaQr(encodeZatcaQr(fields))).toEqual(fields);
      }),
    );
  });
});

describe('which receipts are tax invoices', () => {
  it('a registered truck issues tax invoices; only a Saudi one carries the QR', () => {
    expect(issuesTaxInvoices({ taxCountry: 'AE', taxRegistrationNumber: '100000000000003' })).toBe(true);
    expect(carriesZatcaQr({ taxCountry: 'AE', taxRegistrationNumber: '100000000000003' })).toBe(false);
    expect(carriesZatcaQr({ taxCountry: 'SA', taxRegistrationNumber: '310122393500003' })).toBe(true);
    expect(carriesZatcaQr({ taxCountry: 'SA', taxRegistrationNumber: null })).toBe(false);
    expect(issuesTaxInvoices({ taxCountry: 'SA', taxRegistrationNumber: '' })).toBe(false);
  });
});
