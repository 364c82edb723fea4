/**
 * ZATCA's phase-1 QR, drawn by Ant Design's QRCode as an SVG (crisp on an 80 mm printer). Loaded on
 * demand (tax-invoice.tsx): only a Saudi truck's invoiced order shows it, so no screen carries it.
 */
import { QRCode } from 'antd';

export default function InvoiceQr({ value }: { value: string }) {
  return <QRCode value={value} type="svg" bordered={false} size={132} errorLevel="M" color="#000" bgColor="#fff" />;
}
