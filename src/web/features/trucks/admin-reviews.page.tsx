/**
 * /admin/reviews (Admin only): the queue of applications waiting for review, oldest first, and the
 * trucks in every other status; a panel shows every field and document of one truck, its history
 * and the decisions its status allows.
 */
import type { AdminTruckRow } from '@domain/trucks';
import { ADMIN_TRUCK_FILTERS } from '@domain/trucks/flow';
import { Button, Drawer, Segmented, Skeleton, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { useFormat } from '../../app/use-format';
import { StatusTag } from './truck-labels';
import { useTruckName } from './truck-name';
import { useAdminTrucksInfiniteQuery, type AdminFilter } from './trucks.api';
import './trucks.css';

/** The panel (with the decision forms) loads when an application is opened. */
const ReviewPanel = lazy(() => import('./review-panel'));

const COLUMNS = ['name', 'owner', 'city', 'submittedAt', 'status'] as const;

export function Component() {
  const { t } = useTranslation('trucks');
  const format = useFormat();
  const truckName = useTruckName();
  const dir = useAppSelector((s) => s.lang_dir.dir);
  const [filter, setFilter] = useState<AdminFilter>('submitted');
  const [selected, setSelected] = useState<AdminTruckRow | null>(null);
  const { data, isFetching, hasNextPage, fetchNextPage } = useAdminTrucksInfiniteQuery(filter);
  const rows = data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Space orientation="vertical" size="large" className="td-page" data-testid="admin-reviews">
      <div className="td-admin-filter">
        <Segmented<AdminFilter>
          value={filter}
          onChange={setFilter}
          aria-label={t('admin.filterLabel')}
          options={ADMIN_TRUCK_FILTERS.map((value) => ({ value, label: t(`admin.filters.${value}`) }))}
          data-testid="admin-filter"
        />
      </div>
      {!data ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <p className="td-muted">{t('admin.empty')}</p>
      ) : (
        <div className="td-table-scroll">
          <table className="td-table" data-testid="admin-trucks">
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {t(`admin.columns.${column}`)}
                  </th>
                ))}
                <td className="td-table__action" />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid={`admin-row-${row.id}`}>
                  <th scope="row">
                    <bdi>{truckName(row)}</bdi>
                  </th>
                  <td>
                    <bdi>{row.ownerName ?? row.ownerEmail}</bdi>
                  </td>
                  <td>{row.baseCity}</td>
                  <td>{row.submittedAt ? format.date(row.submittedAt, { dateStyle: 'medium', timeStyle: 'short' }) : '—'}</td>
                  <td>
                    <StatusTag status={row.status} />
                  </td>
                  <td className="td-table__action">
                    <Button size="small" type="primary" onClick={() => setSelected(row)} data-testid="admin-open">
                      {t('admin.open')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasNextPage && (
        <Button onClick={() => void fetchNextPage()} loading={isFetching}>
          {t('admin.more')}
        </Button>
      )}
      <Drawer
        open={selected !== null}
        onClose={() => setSelected(null)}
        placement={dir === 'rtl' ? 'left' : 'right'}
        size="min(960px, 100vw)"
        title={selected && t('admin.panelTitle', { name: truckName(selected) })}
        destroyOnHidden
      >
        {selected && (
          <Suspense fallback={<Skeleton active />}>
            <ReviewPanel truckId={selected.id} />
          </Suspense>
        )}
      </Drawer>
    </Space>
  );
}
