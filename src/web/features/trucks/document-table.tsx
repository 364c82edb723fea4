/** The truck's documents at a glance: number, issuer, dates, whether each is valid, expiring or expired, and the file. */
import { FileOutlined } from '@ant-design/icons';
import type { DocumentState, TruckDocument } from '@domain/trucks';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCalendarDate } from './alert-text';
import { openFile } from './file-link';

const STATE_COLOURS: Record<DocumentState, string> = { valid: 'success', expiring: 'warning', expired: 'error' };

export function DocumentStateTag({ state }: { state: DocumentState }) {
  const { t } = useTranslation('trucks');
  return (
    <Tag color={STATE_COLOURS[state]} data-testid="document-state" data-state={state}>
      {t(`documents.state.${state}`)}
    </Tag>
  );
}

export function DocumentTable({ documents }: { documents: TruckDocument[] }) {
  const { t } = useTranslation('trucks');
  const day = useCalendarDate();
  if (documents.length === 0) return <p className="td-muted">{t('documents.none')}</p>;
  const columns = ['type', 'number', 'issuer', 'issueDate', 'expiryDate', 'state', 'file'] as const;
  return (
    <div className="td-table-scroll">
      <table className="td-table" data-testid="document-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(`documents.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {documents.map((doc) => (
            <tr key={doc.type} data-testid={`document-row-${doc.type}`}>
              <th scope="row">{t(`documentTypes.${doc.type}`)}</th>
              <td>
                <bdi dir="ltr">{doc.number}</bdi>
              </td>
              <td>
                <bdi>{doc.issuer}</bdi>
              </td>
              <td>{day(doc.issueDate)}</td>
              <td>{day(doc.expiryDate)}</td>
              <td>
                <DocumentStateTag state={doc.state} />
                <Tag>{t(`documents.reviewState.${doc.reviewState}`)}</Tag>
              </td>
              <td>
                <Button size="small" icon={<FileOutlined />} onClick={() => void openFile(doc.file)}>
                  {t('files.view')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
