/**
 * The day's close over HTTP (issue 44): the figures of one business day or a range, as JSON or as a
 * CSV in the request's language (the orders export's format: BOM, CRLF, every field quoted). Who may
 * read /home's revenue may read it: the owner, an admin, staff the owner lets see revenue.
 */
import { CLOSE_FIGURES, CloseQuerySchema, CloseSchema, type Close, type CloseFigures } from '@domain/close';
import { revenueVisibleTo } from '@domain/home';
import { DomainError, type Lang } from '@domain/errors';
import { fromMinor, type Currency } from '@domain/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogue, languageFromHeader } from '../../platform/i18n';
import { can, truckAccessOf, truckGuard } from '../../platform/truck-access';
import { truckRouteOptions } from '../../platform/truck-routes';
import { closeOf } from './close.service';

const tags = ['close'];

/** The orders export's CSV rules (orders.export.ts csvField): every field quoted, formulas made inert. TODO: share via platform. */
const csvField = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;
const csvRow = (values: readonly string[]) => values.map(csvField).join(',') + '\r\n';
const truckRoute = truckRouteOptions(tags);

export function closeCsv(close: Close, lang: Lang): string {
  const labels = catalogue(lang, 'csv');
  const currency = close.currency as Currency;
  const cells = (figures: CloseFigures) => CLOSE_FIGURES.map((key) => (key === 'orders' ? String(figures.orders) : fromMinor(figures[key], currency)));
  const lines = [csvRow([labels.close.section, labels.close.group, ...CLOSE_FIGURES.map((key) => labels.close.figures[key]), labels.columns.currency])];
  lines.push(csvRow([labels.close.total, `${close.from} – ${close.to}`, ...cells(close.totals), currency]));
  for (const row of close.byPaymentMethod) lines.push(csvRow([labels.close.byPaymentMethod, labels.payment[row.paymentMethod], ...cells(row), currency]));
  for (const row of close.bySource) lines.push(csvRow([labels.close.bySource, labels.source[row.source], ...cells(row), currency]));
  for (const row of close.byDay) lines.push(csvRow([labels.close.byDay, row.date, ...cells(row), currency]));
  return '\uFEFF' + lines.join('');
}

export async function closeRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = instance.database;

  app.get(
    '/trucks/:truckId/close',
    truckRoute(truckGuard(can('home.view', 'read')), {
      summary:
        "The day's close: orders, gross sales, discounts, net sales, tax, tips, delivery fees and refunds of one business day (`date`) or a range (`from`/`to`, at most 92 days) in the truck's time zone, in all, by payment method, by source and by day; `format=csv` for a spreadsheet in the request's language. Money in minor units; staff only when the owner lets them see revenue (403)",
      querystring: CloseQuerySchema,
      produces: ['application/json', 'text/csv'],
      response: { 200: CloseSchema },
    }),
    async (request, reply) => {
      const { truck, relation } = truckAccessOf(request);
      if (!revenueVisibleTo(relation, truck)) throw new DomainError('forbidden', 403);
      const close = await closeOf(db, truck, request.query);
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'csv') {
        const lang = languageFromHeader(request.headers['accept-language']);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="close-${close.from}-to-${close.to}.csv"`)
          .serializer((payload: unknown) => payload as string)
          .send(closeCsv(close, lang) as unknown as Close);
      }
      return close;
    },
  );
}
