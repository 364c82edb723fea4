/**
 * What stands between a truck and its trade, in words: expiring and expired documents, and (for an
 * approved truck) why it cannot take orders. The navbar's switcher shows the same on every screen.
 */
import type { DocumentAlert, Truck } from '@domain/trucks';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAlertText, useCalendarDate } from './alert-text';

/** `onRenew`: opens this page's documents form; without it (not the owner) the owner is named instead. */
export function TruckAlerts({ truck, onRenew }: { truck: Truck; onRenew?: () => void }) {
  const { t } = useTranslation('trucks');
  const text = useAlertText();
  const day = useCalendarDate();
  const alerts: DocumentAlert[] = truck.documents.flatMap((doc) =>
    doc.state === 'valid' ? [] : [{ type: doc.type, state: doc.state, expiryDate: doc.expiryDate, daysLeft: doc.daysLeft }],
  );
  const documentBlocks = truck.status === 'approved' ? truck.tradingBlocks.filter((block) => block.code !== 'truck_not_approved') : [];
  return (
    <div className="td-truck-alerts" data-testid="truck-alerts">
      {documentBlocks.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="trading-blocked"
          title={t('alerts.cannotTrade')}
          description={
            <ul>
              {documentBlocks.map((block) => (
                <li key={`${block.code}:${block.type}`}>
                  {t(`blocks.${block.code}`, {
                    document: block.type ? t(`documentTypes.${block.type}`) : '',
                    date: block.expiryDate ? day(block.expiryDate) : '',
                  })}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {alerts.map((alert) => (
        <Alert
          key={alert.type}
          type={alert.state === 'expired' ? 'error' : 'warning'}
          showIcon
          data-testid="document-alert"
          data-state={alert.state}
          title={text(alert)}
          description={onRenew ? t('alerts.renew') : t('alerts.renewByOwner')}
          action={
            onRenew && (
              <Button size="small" onClick={onRenew} data-testid="document-renew">
                {t('alerts.renewAction')}
              </Button>
            )
          }
        />
      ))}
    </div>
  );
}
