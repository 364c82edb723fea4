/**
 * "Share your truck": the public page's link, its QR code and a printable A5 poster (the QR code, the
 * truck's names and "scan to order" in both languages) to stick on the truck. Loaded with the
 * truck's details, only for a truck with a public page.
 */
import type { Truck } from '@domain/trucks';
import { Button } from 'antd';
import qrcode from 'qrcode-generator';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import enTrucks from '@domain/i18n/en/trucks.json';
import arTrucks from '@domain/i18n/ar/trucks.json';
import { NativeInput } from '../../ui/native-fields';
import './truck-share.css';

/** A QR code as one SVG path: crisp at any print size, nothing to download. */
export function QrCode({ text, label, size }: { text: string; label: string; size: number | string }) {
  const { count, path } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(text, 'Byte');
    code.make();
    const n = code.getModuleCount();
    let d = '';
    for (let row = 0; row < n; row++) for (let col = 0; col < n; col++) if (code.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    return { count: n, path: d };
  }, [text]);
  return (
    <svg className="td-qr" viewBox={`0 0 ${count + 8} ${count + 8}`} width={size} height={size} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

const PRINTING = 'td-printing-poster';

export default function TruckShare({ truck }: { truck: Truck }) {
  const { t } = useTranslation('trucks');
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}/t/${encodeURIComponent(truck.slug ?? '')}`;
  useEffect(() => {
    const done = () => document.body.classList.remove(PRINTING);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);
  const print = () => {
    document.body.classList.add(PRINTING);
    window.print();
  };
  const { nameEn, nameAr } = truck.basics;
  return (
    <section className="td-share" data-testid="truck-share">
      <h3>{t('share.title')}</h3>
      <p className="td-muted">{t('share.intro')}</p>
      <div className="td-share__link">
        <NativeInput readOnly value={link} aria-label={t('share.link')} dir="ltr" testId="public-link" onFocus={(event) => event.target.select()} />
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          {copied ? t('share.copied') : t('share.copy')}
        </Button>
      </div>
      <div className="td-share__row">
        <QrCode text={link} label={t('share.qrLabel')} size={160} />
        <div className="td-share__actions">
          <a href={link} target="_blank" rel="noreferrer">
            {t('share.open')}
          </a>
          <Button type="primary" onClick={print} data-testid="print-poster">
            {t('share.print')}
          </Button>
          <span className="td-muted">{t('share.printHint')}</span>
        </div>
      </div>
      {/* The poster itself: shown only when printed (truck-share.css), on one A5 sheet, in both languages.
          A child of <body>, so printing can leave out everything else instead of printing blank pages of it. */}
      {createPortal(
        <div className="td-poster" aria-hidden="true">
          <p className="td-poster__name" lang="ar" dir="rtl">
            {nameAr || nameEn}
          </p>
          <p className="td-poster__name" lang="en" dir="ltr">
            {nameEn || nameAr}
          </p>
          <QrCode text={link} label="" size="100mm" />
          <p className="td-poster__cta" lang="ar" dir="rtl">
            {arTrucks.share.scanToOrder}
          </p>
          <p className="td-poster__cta" lang="en" dir="ltr">
            {enTrucks.share.scanToOrder}
          </p>
          <p className="td-poster__link" dir="ltr">
            {link}
          </p>
        </div>,
        document.body,
      )}
    </section>
  );
}
