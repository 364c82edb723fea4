/** Step 1, and the "Basics" part of editing: names and descriptions in both languages, cuisines, logo and photos. */
import { DeleteOutlined } from '@ant-design/icons';
import { CUISINES, MAX_CUISINES, MAX_PHOTOS } from '@domain/trucks/choices';
import type { Truck, TruckBasics } from '@domain/trucks';
import type { Upload } from '@domain/uploads';
import { Button, Form, Input } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../../ui/api-problem';
import { Notice } from '../../ui/notice';
import { ToggleChips } from './choice-controls';
import { FilePicker } from './file-picker';
import { showProblem, zodRule } from './form-support';
import { useLang } from './truck-name';
import { useTruckName } from './truck-name';
import { useSaveBasicsMutation } from './trucks.api';


type Files = Record<string, Upload>;

function LogoField({ value, onChange, truckId, files, remember, name }: FieldProps<string | null> & { name: string }) {
  const { t } = useTranslation('trucks');
  const logo = value ? files[value] : undefined;
  return (
    <div className="td-logo-field">
      {logo && <img src={logo.url} alt={t('files.logoAlt', { name })} className="td-logo-field__image" data-testid="logo-preview" />}
      <FilePicker
        truckId={truckId}
        purpose="logo"
        label={logo ? t('files.replace') : t('files.uploadLogo')}
        testId="logo-upload"
        onUploaded={(upload) => {
          remember(upload);
          onChange?.(upload.id);
        }}
      />
      {logo && (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
          {t('files.remove')}
        </Button>
      )}
    </div>
  );
}

function PhotosField({ value = [], onChange, truckId, files, remember, name }: FieldProps<string[]> & { name: string }) {
  const { t } = useTranslation('trucks');
  return (
    <div className="td-photos-field">
      <ul className="td-photos-field__list">
        {value.map((id, index) => (
          <li key={id} className="td-photos-field__item" data-testid="photo-preview">
            {files[id] && <img src={files[id].url} alt={t('files.photoAlt', { n: index + 1, name })} />}
            <Button
              size="small"
              icon={<DeleteOutlined />}
              aria-label={`${t('files.remove')}: ${t('files.photoAlt', { n: index + 1, name })}`}
              onClick={() => onChange?.(value.filter((other) => other !== id))}
            />
          </li>
        ))}
      </ul>
      {value.length < MAX_PHOTOS && (
        <FilePicker
          truckId={truckId}
          purpose="photo"
          label={t('files.addPhoto')}
          testId="photo-upload"
          onUploaded={(upload) => {
            remember(upload);
            onChange?.([...value, upload.id]);
          }}
        />
      )}
    </div>
  );
}

interface FieldProps<T> {
  value?: T;
  onChange?(value: T): void;
  truckId: string;
  files: Files;
  remember(upload: Upload): void;
}

export interface StepFormProps {
  truck: Truck;
  /** The buttons under the form; the submit button saves. */
  actions(saving: boolean): ReactNode;
  onSaved(truck: Truck): void;
}

export function BasicsForm({ truck, actions, onSaved }: StepFormProps) {
  const { t } = useTranslation('trucks');
  const lang = useLang();
  const truckName = useTruckName();
  const [form] = Form.useForm<TruckBasics>();
  const [save, { isLoading }] = useSaveBasicsMutation();
  const [message, setMessage] = useState<string | null>(null);
  const [files, setFiles] = useState<Files>(() => Object.fromEntries([truck.logo, ...truck.photos].flatMap((f) => (f ? [[f.id, f]] : []))));
  const remember = (upload: Upload) => setFiles((known) => ({ ...known, [upload.id]: upload }));
  const name = truckName(truck.basics);

  const finish = async (values: TruckBasics) => {
    setMessage(null);
    try {
      onSaved(await save({ truckId: truck.id, body: { ...truck.basics, ...values } }).unwrap());
    } catch (error) {
      setMessage(showProblem(form, problemOf(error), lang, t('unexpected')));
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={truck.basics} onFinish={finish} data-testid="basics-form" requiredMark>
      {message && (
        <Notice kind="error" className="td-form-alert">
          {message}
        </Notice>
      )}
      <div className="td-form-grid">
        <Form.Item name="nameEn" label={t('fields.nameEn')} rules={[zodRule((c) => c.TruckBasicsSchema.shape.nameEn, lang, true)]} required>
          <Input dir="ltr" lang="en" autoComplete="organization" data-testid="nameEn" />
        </Form.Item>
        <Form.Item name="nameAr" label={t('fields.nameAr')} rules={[zodRule((c) => c.TruckBasicsSchema.shape.nameAr, lang, true)]} required>
          <Input dir="rtl" lang="ar" data-testid="nameAr" />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('fields.descriptionEn')} rules={[zodRule((c) => c.TruckBasicsSchema.shape.descriptionEn, lang)]}>
          <Input.TextArea dir="ltr" lang="en" autoSize={{ minRows: 3, maxRows: 8 }} data-testid="descriptionEn" />
        </Form.Item>
        <Form.Item name="descriptionAr" label={t('fields.descriptionAr')} rules={[zodRule((c) => c.TruckBasicsSchema.shape.descriptionAr, lang)]}>
          <Input.TextArea dir="rtl" lang="ar" autoSize={{ minRows: 3, maxRows: 8 }} data-testid="descriptionAr" />
        </Form.Item>
      </div>
      <Form.Item name="cuisines" label={t('fields.cuisines')} extra={t('hints.cuisines')} rules={[zodRule((c) => c.TruckBasicsSchema.shape.cuisines, lang, true)]} required>
        <ToggleChips
          max={MAX_CUISINES}
          label={t('fields.cuisines')}
          options={CUISINES.map((cuisine) => ({ value: cuisine, label: t(`cuisines.${cuisine}`) }))}
          testId="cuisines"
        />
      </Form.Item>
      <Form.Item name="logoId" label={t('fields.logoId')}>
        <LogoField truckId={truck.id} files={files} remember={remember} name={name} />
      </Form.Item>
      <Form.Item name="photoIds" label={t('fields.photoIds')} extra={t('hints.photos')}>
        <PhotosField truckId={truck.id} files={files} remember={remember} name={name} />
      </Form.Item>
      {actions(isLoading)}
    </Form>
  );
}
