/**
 * A button that uploads one file to the truck and hands back the stored file. The server judges the
 * content; the size is checked here too, so a 50 MB photo fails before it is sent.
 */
import { UploadOutlined } from '@ant-design/icons';
import { errorMessage } from '../../ui/messages';
import type { Upload } from '@domain/uploads';
import { PURPOSE_TYPES, UPLOAD_MAX_BYTES, type UploadPurpose } from '@domain/uploads/kinds';
import { Button } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProblemText } from './form-support';
import { useLang } from './truck-name';
import { useUploadFileMutation } from './trucks.api';

interface FilePickerProps {
  truckId: string;
  purpose: UploadPurpose;
  label: string;
  onUploaded(upload: Upload): void;
  disabled?: boolean;
  testId: string;
}

export function FilePicker({ truckId, purpose, label, onUploaded, disabled, testId }: FilePickerProps) {
  const { t } = useTranslation('trucks');
  const lang = useLang();
  const textOf = useProblemText();
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [upload, { isLoading }] = useUploadFileMutation();
  const [error, setError] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > UPLOAD_MAX_BYTES) {
      setError(errorMessage(lang, 'file_too_large', { maxMb: UPLOAD_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    try {
      onUploaded(await upload({ truckId, purpose, file }).unwrap());
    } catch (failure) {
      setError(textOf(failure));
    }
  };

  return (
    <span className="td-file-picker">
      <input
        ref={input}
        type="file"
        className="td-file-picker__input"
        accept={PURPOSE_TYPES[purpose].join(',')}
        data-testid={`${testId}-input`}
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button
        icon={<UploadOutlined />}
        loading={isLoading}
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
      >
        {isLoading ? t('files.uploading') : label}
      </Button>
      {error && (
        <span role="alert" id={errorId} className="td-file-picker__error" data-testid={`${testId}-error`}>
          {error}
        </span>
      )}
    </span>
  );
}
