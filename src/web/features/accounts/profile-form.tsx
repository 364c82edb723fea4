/**
 * Name, phone and language: the create-profile step after signing up, and the details on /user-profile.
 * A new language also switches the interface (docs/product.md §6.4: save lang_dir, reload).
 */
import type { UpdateProfile } from '@domain/accounts';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setLanguage } from '../../app/lang-dir.slice';
import { PENDING_INVITATION_KEY, readString } from '../../app/storage';
import { RadioChips } from '../../ui/chips';
import { Notice } from '../../ui/notice';
import { notify } from '../../ui/notify';
import { useUpdateProfileMutation } from './accounts.api';
import { AvatarPicker } from './avatar-picker';
import { useFormProblem, zodRule } from './form-support';
import { setUser } from './session.slices';

interface Values {
  fullName: string;
  phone?: string;
  language: 'en' | 'ar';
}

export interface ProfileFormProps {
  mode: 'create' | 'edit';
  onDone?: () => void;
  onSkip?: () => void;
  /** Where to land after a reload for a new language. */
  next: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export default function ProfileForm({ mode, onDone, onSkip, next }: ProfileFormProps) {
  const { t } = useTranslation('accounts');
  const dispatch = useAppDispatch();
  const uiLang = useAppSelector((s) => s.lang_dir.lang);
  const user = useAppSelector((s) => s.user.user);
  // Someone signing up from an invitation joins a team; they have no truck application to speak of.
  const invited = readString(PENDING_INVITATION_KEY) !== null;
  const [form] = Form.useForm<Values>();
  const problem = useFormProblem(form);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();

  const onFinish = async (values: Values) => {
    problem.clear();
    const phone = values.phone?.trim() ? values.phone : null;
    const changes: UpdateProfile = { fullName: values.fullName, phone, language: values.language };
    try {
      dispatch(setUser(await updateProfile(changes).unwrap()));
      if (values.language !== uiLang) {
        dispatch(setLanguage(values.language));
        window.location.assign(next);
        return;
      }
      notify.success('accounts:profile.saved');
      onDone?.();
    } catch (error) {
      problem.report(error);
    }
  };

  return (
    <Form
      form={form}
      name={mode === 'create' ? 'create-profile' : 'profile'}
      layout="vertical"
      requiredMark={false}
      initialValues={{ fullName: text(user?.fullName), phone: text(user?.phone), language: text(user?.language) ?? uiLang }}
      onFinish={onFinish}
    >
      {mode === 'create' && <p>{t(invited ? 'profile.createIntroStaff' : 'profile.createIntro')}</p>}
      {problem.message && (
        <Notice kind="error" className="td-form-problem">
          {problem.message}
        </Notice>
      )}
      <Form.Item label={t('profile.avatar')}>
        <AvatarPicker />
      </Form.Item>
      <Form.Item name="fullName" label={t('fields.fullName')} rules={[zodRule((c) => c.FullNameSchema, problem.lang)]}>
        <Input autoComplete="name" maxLength={100} />
      </Form.Item>
      <Form.Item name="phone" label={t('fields.phone')} extra={t('fields.phoneHint')} rules={[zodRule((c) => c.PhoneSchema, problem.lang, { optional: mode === 'edit' })]}>
        <Input type="tel" autoComplete="tel" dir="ltr" inputMode="tel" />
      </Form.Item>
      <Form.Item name="language" label={t('fields.language')} extra={t('userProfile.languageReload')}>
        <RadioChips
          name="profile-language"
          label={t('fields.language')}
          options={[
            { value: 'en', label: <span lang="en">English</span> },
            { value: 'ar', label: <span lang="ar">العربية</span> },
          ]}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t('profile.save')}
        </Button>
        {onSkip && <Button onClick={onSkip}>{t('profile.skip')}</Button>}
      </Space>
    </Form>
  );
}
