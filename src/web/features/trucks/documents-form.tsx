/**
 * Step 2, and the "Documents" part of editing: one card per document type, each saved on its own
 * (a renewal replaces the document of its type). Dates are the truck's calendar dates.
 */
import { DeleteOutlined, FileOutlined } from '@ant-design/icons';
import { fieldMessage } from '../../ui/messages';
import { DOCUMENT_TYPES, REQUIRED_DOCUMENTS } from '@domain/trucks/choices';
import type { DocumentType, Truck, TruckDocumentInput } from '@domain/trucks';
import type { Upload } from '@domain/uploads';
import { Alert, Button, Form, Input, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../../ui/api-problem';
import { DateField } from '../../ui/pickers';
import { DocumentStateTag } from './document-table';
import { FilePicker } from './file-picker';
import { openFile } from './file-link';
import { showProblem, useProblemText, zodRule } from './form-support';
import { useLang } from './truck-name';
import { useDeleteDocumentMutation, useSaveDocumentMutation } from './trucks.api';


function DocumentFileField({ value, onChange, truckId, file, onFile }: { value?: string; onChange?(id: string): void; truckId: string; file: Upload | undefined; onFile(upload: Upload): void }) {
  const { t } = useTranslation('trucks');
  return (
    <Space wrap>
      {value && file && (
        <Button icon={<FileOutlined />} onClick={() => void openFile(file)} data-testid="document-file">
          {file.name}
        </Button>
      )}
      <FilePicker
        truckId={truckId}
        purpose="document"
        label={value ? t('files.replace') : t('files.chooseFile')}
        testId="document-upload"
        onUploaded={(upload) => {
          onFile(upload);
          onChange?.(upload.id);
        }}
      />
    </Space>
  );
}

function DocumentCard({ truck, type, onSaved }: { truck: Truck; type: DocumentType; onSaved(truck: Truck): void }) {
  const { t } = useTranslation('trucks');
  const lang = useLang();
  const textOf = useProblemText();
  const saved = truck.documents.find((doc) => doc.type === type);
  const [form] = Form.useForm<TruckDocumentInput>();
  const [save, { isLoading }] = useSaveDocumentMutation();
  const [remove, { isLoading: removing }] = useDeleteDocumentMutation();
  const [file, setFile] = useState<Upload | undefined>(saved?.file);
  const [message, setMessage] = useState<string | null>(null);
  const required = REQUIRED_DOCUMENTS.includes(type);

  const finish = async (values: Omit<TruckDocumentInput, 'type'>) => {
    setMessage(null);
    try {
      onSaved(await save({ truckId: truck.id, body: { ...values, type } }).unwrap());
    } catch (error) {
      setMessage(showProblem(form, problemOf(error), lang, t('unexpected')));
    }
  };

  const dateRule = (check: (value: string) => string | null) => ({
    validator: async (_rule: unknown, value: string | undefined) => {
      const code = value ? check(value) : null;
      if (code) throw new Error(fieldMessage(lang, code));
    },
  });

  return (
    // Optional documents not added yet stay folded, so the required ones lead the page.
    <details className="td-panel td-wizard-panel td-document-card" open={required || saved !== undefined} data-testid={`document-${type}`}>
      <summary className="td-document-card__header">
        <h3>{t(`documentTypes.${type}`)}</h3>
        <Tag color={required ? 'green' : 'default'}>{required ? t('documents.required') : t('documents.optional')}</Tag>
        {saved ? <DocumentStateTag state={saved.state} /> : <Tag>{t('documents.notAdded')}</Tag>}
      </summary>
      {/* Named per type: the six cards' fields would otherwise share the ids `number`, `issuer`… */}
      <Form form={form} name={`document-${type}`} layout="vertical" initialValues={saved} onFinish={finish}>
        {message && <Alert type="error" title={message} showIcon className="td-form-alert" />}
        <div className="td-form-grid">
          <Form.Item name="number" label={t('fields.number')} rules={[zodRule((c) => c.TruckDocumentInputSchema.shape.number, lang, true)]} required>
            <Input dir="ltr" data-testid="document-number" />
          </Form.Item>
          <Form.Item name="issuer" label={t('fields.issuer')} rules={[zodRule((c) => c.TruckDocumentInputSchema.shape.issuer, lang, true)]} required>
            <Input data-testid="document-issuer" />
          </Form.Item>
          <Form.Item
            name="issueDate"
            label={t('fields.issueDate')}
            rules={[zodRule((c) => c.TruckDocumentInputSchema.shape.issueDate, lang, true), dateRule((date) => (date > truck.today ? 'issue_date_future' : null))]}
            required
          >
            <DateField max={truck.today} testId="document-issueDate" />
          </Form.Item>
          <Form.Item
            name="expiryDate"
            label={t('fields.expiryDate')}
            dependencies={['issueDate']}
            rules={[
              zodRule((c) => c.TruckDocumentInputSchema.shape.expiryDate, lang, true),
              dateRule((date) => (date < truck.today ? 'document_expired' : null)),
              ({ getFieldValue }) => dateRule((date) => (date < (getFieldValue('issueDate') ?? '') ? 'expiry_before_issue' : null)),
            ]}
            required
          >
            <DateField min={truck.today} testId="document-expiryDate" />
          </Form.Item>
        </div>
        <Form.Item name="fileId" label={t('fields.fileId')} extra={t('hints.documentFile')} rules={[zodRule((c) => c.TruckDocumentInputSchema.shape.fileId, lang, true)]} required>
          <DocumentFileField truckId={truck.id} file={file} onFile={setFile} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={isLoading} data-testid="document-save">
            {t('documents.save')}
          </Button>
          {saved && (
            <Popconfirm
              title={t('documents.remove')}
              onConfirm={async () => {
                try {
                  onSaved(await remove({ truckId: truck.id, type }).unwrap());
                } catch (error) {
                  setMessage(textOf(error));
                }
              }}
            >
              <Button danger icon={<DeleteOutlined />} loading={removing}>
                {t('documents.remove')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Form>
    </details>
  );
}

export function DocumentsForm({ truck, onSaved }: { truck: Truck; onSaved(truck: Truck): void }) {
  return (
    <div className="td-documents-form" data-testid="documents-form">
      {DOCUMENT_TYPES.map((type) => {
        const saved = truck.documents.find((doc) => doc.type === type);
        // A card starts afresh from what the server holds whenever its document changes.
        const version = saved ? `${saved.fileId}:${saved.number}:${saved.issueDate}:${saved.expiryDate}` : 'none';
        return <DocumentCard key={`${type}:${version}`} truck={truck} type={type} onSaved={onSaved} />;
      })}
    </div>
  );
}
