/** Step 3, and the "Location & contact" part of editing: base, pin, contact, currency, time zone and the vehicle. */
import { fieldMessage, issuesToFields } from '../../ui/messages';
import { CURRENCIES, parseDecimalNumber } from '@domain/money/minor';
import { POWER_SOURCES } from '@domain/trucks/choices';
import type { TruckLocation } from '@domain/trucks';
import { Alert, Form, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../../ui/api-problem';
import type { StepFormProps } from './basics-form';
import { ChoiceChips, NativeSelect } from './choice-controls';
import { contracts, showProblem, zodRule } from './form-support';
import { useLang } from './truck-name';
import { LocationField } from './location-field';
import { useSaveLocationMutation } from './trucks.api';


/** The browser's own list of IANA zones; the server checks the choice against its own. */
function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

const emptyToNull = (value: string | null | undefined) => (value ? value : null);

/** The length as typed (Arabic digits and either decimal mark welcome), so "6." on its way to "6.5" stays on screen. */
type LengthText = string | number | null | undefined;
const lengthOf = (value: LengthText) => (typeof value === 'number' ? value : value ? parseDecimalNumber(value) : null);

export function LocationForm({ truck, actions, onSaved }: StepFormProps) {
  const { t } = useTranslation('trucks');
  const lang = useLang();
  const [form] = Form.useForm<TruckLocation>();
  const [save, { isLoading }] = useSaveLocationMutation();
  const [message, setMessage] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(truck.location.timeZone), [truck.location.timeZone]);

  const finish = async (values: TruckLocation) => {
    setMessage(null);
    const body = { ...truck.location, ...values, vehicleLengthM: lengthOf(values.vehicleLengthM), phone: emptyToNull(values.phone), email: emptyToNull(values.email), licensePlate: values.licensePlate ?? '' };
    try {
      onSaved(await save({ truckId: truck.id, body }).unwrap());
    } catch (error) {
      setMessage(showProblem(form, problemOf(error), lang, t('unexpected')));
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={truck.location} onFinish={finish} data-testid="location-form">
      {message && <Alert type="error" title={message} showIcon className="td-form-alert" />}
      <div className="td-form-grid">
        <Form.Item name="baseCity" label={t('fields.baseCity')} rules={[zodRule((c) => c.TruckLocationSchema.shape.baseCity, lang, true)]} required>
          <Input autoComplete="address-level2" data-testid="baseCity" />
        </Form.Item>
        <Form.Item name="address" label={t('fields.address')} rules={[zodRule((c) => c.TruckLocationSchema.shape.address, lang, true)]} required>
          <Input autoComplete="street-address" data-testid="address" />
        </Form.Item>
      </div>
      <Form.Item name="location" label={t('fields.location')} extra={t('hints.map')} rules={[zodRule((c) => c.TruckLocationSchema.shape.location, lang, true)]} required>
        <LocationField />
      </Form.Item>
      <div className="td-form-grid">
        <Form.Item name="phone" label={t('fields.phone')} extra={t('hints.phone')} rules={[zodRule((c) => c.TruckLocationSchema.shape.phone, lang, true)]} required>
          <Input type="tel" dir="ltr" autoComplete="tel" data-testid="phone" />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')} rules={[zodRule((c) => c.TruckLocationSchema.shape.email, lang)]}>
          <Input type="email" dir="ltr" autoComplete="email" data-testid="email" />
        </Form.Item>
        <Form.Item name="currency" label={t('fields.currency')} rules={[zodRule((c) => c.TruckLocationSchema.shape.currency, lang, true)]} required>
          <NativeSelect options={CURRENCIES} testId="currency" />
        </Form.Item>
        <Form.Item name="timeZone" label={t('fields.timeZone')} rules={[zodRule((c) => c.TruckLocationSchema.shape.timeZone, lang, true)]} required>
          <NativeSelect options={zones} testId="timeZone" />
        </Form.Item>
        <Form.Item
          name="vehicleLengthM"
          label={t('fields.vehicleLengthM')}
          rules={[
            {
              validator: async (_rule, value: LengthText) => {
                if (value === null || value === undefined || String(value).trim() === '') throw new Error(fieldMessage(lang, 'required'));
                const length = lengthOf(value);
                if (length === null) throw new Error(fieldMessage(lang, 'invalid_number'));
                // Unfetchable contracts (the signal dropped) leave the check to the server, as zodRule does.
                const schema = await contracts().then((c) => c.TruckLocationSchema.shape.vehicleLengthM, () => null);
                const checked = schema?.safeParse(length);
                if (checked && !checked.success) throw new Error(issuesToFields(checked.error.issues, lang)[0]?.message);
              },
            },
          ]}
          required
        >
          <Input inputMode="decimal" dir="ltr" autoComplete="off" suffix={t('hints.metres')} data-testid="vehicleLengthM" />
        </Form.Item>
        <Form.Item name="licensePlate" label={t('fields.licensePlate')} rules={[zodRule((c) => c.TruckLocationSchema.shape.licensePlate, lang)]}>
          <Input dir="ltr" data-testid="licensePlate" />
        </Form.Item>
      </div>
      <Form.Item name="powerSource" label={t('fields.powerSource')} rules={[zodRule((c) => c.TruckLocationSchema.shape.powerSource, lang, true)]} required>
        <ChoiceChips
          label={t('fields.powerSource')}
          options={POWER_SOURCES.map((source) => ({ value: source, label: t(`powerSources.${source}`) }))}
          testId="powerSource"
        />
      </Form.Item>
      {actions(isLoading)}
    </Form>
  );
}
