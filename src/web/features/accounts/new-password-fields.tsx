/** A new password and its repetition, checked by the shared password rules. */
import type { Lang } from '@domain/errors';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from './form-support';

export function NewPasswordFields({ name, lang }: { name: string; lang: Lang }) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <Form.Item name={name} label={t('fields.newPassword')} extra={t('fields.passwordHint')} rules={[zodRule((c) => c.NewPasswordSchema, lang)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        dependencies={[name]}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value !== getFieldValue(name)) throw new Error(t('passwordsDiffer'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
