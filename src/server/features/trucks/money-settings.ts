/**
 * A truck's money settings over HTTP (issue 44, decision 017): tax (none or a rate, prices with or
 * without it, the delivery fee taxed or not), the tax registration number in its country's form, and
 * the tips the customer page offers. The owner reads and replaces them; staff read them (the phone-order
 * form totals with them); a bad value is a 400 naming the field, and nothing changes.
 */
import { MoneySettingsSchema, storedMoneySettings, type MoneySettings } from '@domain/money';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { trucks } from '../../db/tables/trucks';
import { can, truckGuard, type TruckRow } from '../../platform/truck-access';
import { truckOf, truckRouteOptions } from '../../platform/truck-routes';

const truckRoute = truckRouteOptions(['trucks']);

export function moneySettingsOf(truck: TruckRow): MoneySettings {
  return {
    taxMode: truck.taxMode,
    taxRateBp: truck.taxRateBp,
    pricesIncludeTax: truck.pricesIncludeTax,
    deliveryFeeTaxed: truck.deliveryFeeTaxed,
    taxCountry: truck.taxCountry,
    taxRegistrationNumber: truck.taxRegistrationNumber,
    tipsEnabled: truck.tipsEnabled,
    tipPresetsBp: truck.tipPresetsBp,
    tipCapBp: truck.tipCapBp,
  };
}

export async function moneySettingsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = instance.database;

  app.get(
    '/trucks/:truckId/money-settings',
    // Read with the menu (the prices' tax), so staff see it and a suspended truck's owner still does.
    truckRoute(truckGuard(can('menu.view')), {
      summary: 'The truck’s tax and tip settings: tax mode and rate (basis points, 1500 = 15 %), tax-inclusive prices, delivery fee taxed, tax country and registration number, tips on/off, tip presets and cap (basis points of the goods after discount)',
      response: { 200: MoneySettingsSchema },
    }),
    async (request) => moneySettingsOf(truckOf(request)),
  );

  app.put(
    '/trucks/:truckId/money-settings',
    truckRoute(truckGuard(can('truck.edit')), {
      summary:
        'Replace the truck’s tax and tip settings (owner). 400 validation_failed naming the field: tax_rate_too_high (above 100 %), tax_rate_negative, tax_number_sa / tax_number_15_digits / tax_number_om / tax_number_plain (a registration number not in its country’s form: Saudi 15 digits starting and ending with 3, UAE and Bahrain 15 digits, Oman OM + 10 digits), tip_negative, tip_share_too_high, tip_preset_duplicate, tip_preset_above_cap. Orders already placed keep the money they were placed with',
      body: MoneySettingsSchema,
      response: { 200: MoneySettingsSchema },
    }),
    async (request) => {
      const settings = storedMoneySettings(request.body);
      const [row] = await db
        .update(trucks)
        .set({ ...settings, updatedAt: new Date() })
        .where(eq(trucks.id, truckOf(request).id))
        .returning();
      return moneySettingsOf(row!);
    },
  );
}
