/** Small real files made on the spot: the demo trucks' documents and pictures (tests use them too). */
import sharp from 'sharp';

/** A one-page PDF with a line of text; offsets computed so every viewer opens it without repair. */
export function minimalPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A flat-colour picture with a few letters on it, in the format asked for. */
export async function demoImage(label: string, colour: string, format: 'png' | 'jpeg' | 'webp', width = 800, height = 600): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="${colour}"/>` +
    `<text x="50%" y="55%" font-family="sans-serif" font-size="${Math.round(height / 5)}" fill="#fff" text-anchor="middle">${label.replace(/[<&>]/g, '')}</text></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}
