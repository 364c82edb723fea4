/** The user's photo: upload (checked and resized by the server) or remove; saved at once. */
import { UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@domain/accounts/limits';
import { errorMessage } from '../../ui/messages';
import { Avatar, Button, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { problemMessage, problemOf } from '../../ui/api-problem';
import { notify } from '../../ui/notify';
import { Notice } from '../../ui/notice';
import { useDeleteAvatarMutation, useUploadAvatarMutation } from './accounts.api';
import { setUser } from './session.slices';

export function AvatarPicker() {
  const { t } = useTranslation('accounts');
  const dispatch = useAppDispatch();
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const avatarUrl = useAppSelector((s) => s.user.user?.avatarUrl);
  const input = useRef<HTMLInputElement>(null);
  const [upload, { isLoading: uploading }] = useUploadAvatarMutation();
  const [remove, { isLoading: removing }] = useDeleteAvatarMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (call: () => Promise<Record<string, unknown>>) => {
    setProblem(null);
    try {
      dispatch(setUser(await call()));
      notify.success('accounts:profile.avatarSaved');
    } catch (error) {
      setProblem(problemMessage(problemOf(error), lang, t('unexpected')));
    }
  };

  const onPick = (file: File | undefined) => {
    if (!file) return;
    // Quick answers for what the server would refuse anyway.
    if (file.size > AVATAR_MAX_BYTES) return setProblem(errorMessage(lang, 'image_too_large', { maxMb: AVATAR_MAX_BYTES / 1024 / 1024 }));
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return setProblem(errorMessage(lang, 'unsupported_image'));
    void run(() => upload(file).unwrap());
  };

  return (
    <div className="td-avatar-picker">
      <Avatar size={72} src={typeof avatarUrl === 'string' ? avatarUrl : undefined} icon={<UserOutlined />} alt={t('profile.avatar')} data-testid="avatar" />
      <div>
        <Space wrap>
          <Button onClick={() => input.current?.click()} loading={uploading}>
            {t('profile.uploadAvatar')}
          </Button>
          {typeof avatarUrl === 'string' && (
            <Button type="text" danger onClick={() => void run(() => remove().unwrap())} loading={removing}>
              {t('profile.removeAvatar')}
            </Button>
          )}
        </Space>
        <p className="td-hint">{t('profile.avatarHint')}</p>
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hidden
          aria-label={t('profile.uploadAvatar')}
          data-testid="avatar-input"
          onChange={(event) => {
            onPick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {problem && <Notice kind="error">{problem}</Notice>}
      </div>
    </div>
  );
}
