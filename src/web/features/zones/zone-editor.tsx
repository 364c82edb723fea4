/**
 * One zone's form beside the map: its name, its shape (drawn on the map or typed as coordinates,
 * so the keyboard can do everything the mouse can), fee rules, minimum order, estimate, and switch.
 */
import type { Currency } from '@domain/money';
import type { LatLng } from '@domain/zones';
import { MAX_POLYGON_VERTICES, MAX_RADIUS_M } from '@domain/zones/limits';
import { Button, Checkbox, Popconfirm, Radio, Space } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { messagesUnder, type FieldErrors } from '../../ui/field-errors';
import { NativeInput, NumberInput } from '../../ui/native-fields';
import { Notice } from '../../ui/notice';
import { Panel } from '../../ui/panel';
import { FeeRulesEditor } from './fee-rules-editor';
import type { PointDraft, ShapeKind, ZoneDraft } from './zone-draft';

export interface ZoneEditorProps {
  draft: ZoneDraft;
  currency: Currency;
  truckStop: LatLng | null;
  errors: FieldErrors;
  problem: string | null;
  saving: boolean;
  onChange(draft: ZoneDraft): void;
  onSave(): void;
  onCancel(): void;
  onDelete(): void;
}

function Messages({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="td-field-errors" role="alert">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

function PointFields({ point, label, testId, onChange }: { point: PointDraft; label: string; testId: string; onChange(point: PointDraft): void }) {
  const { t } = useTranslation('zones');
  return (
    <span className="td-point-fields" role="group" aria-label={label}>
      <NumberInput value={point.lat} min={-90} max={90} onChange={(lat) => onChange({ ...point, lat })} placeholder={t('shape.lat')} aria-label={`${label} — ${t('shape.lat')}`} testId={`${testId}-lat`} />
      <NumberInput value={point.lng} min={-180} max={180} onChange={(lng) => onChange({ ...point, lng })} placeholder={t('shape.lng')} aria-label={`${label} — ${t('shape.lng')}`} testId={`${testId}-lng`} />
    </span>
  );
}

function RadiusField({ draft, errors, onChange }: Pick<ZoneEditorProps, 'draft' | 'errors' | 'onChange'>) {
  const { t } = useTranslation('zones');
  return (
    <label className="td-zone-field">
      <span>{t('shape.radius')}</span>
      <NumberInput value={draft.radiusM} min={1} max={MAX_RADIUS_M} step={100} suffix={t('shape.metres')} onChange={(radiusM) => onChange({ ...draft, radiusM })} testId="zone-radius" />
      <Messages messages={messagesUnder(errors, 'shape.radiusM')} />
    </label>
  );
}

function ShapeFields({ draft, truckStop, errors, onChange }: Pick<ZoneEditorProps, 'draft' | 'truckStop' | 'errors' | 'onChange'>) {
  const { t } = useTranslation('zones');
  switch (draft.kind) {
    case 'circle':
      return (
        <>
          <p className="td-zones__hint">{t('shape.circleHint')}</p>
          <div className="td-zone-field">
            <span>{t('shape.center')}</span>
            <PointFields point={draft.center} label={t('shape.center')} testId="zone-center" onChange={(center) => onChange({ ...draft, center })} />
            <Messages messages={messagesUnder(errors, 'shape.center')} />
          </div>
          <RadiusField draft={draft} errors={errors} onChange={onChange} />
        </>
      );
    case 'truck-stop-circle':
      return (
        <>
          <p className="td-zones__hint">{t('shape.truckStopHint')}</p>
          {!truckStop && <Notice kind="warning">{t('shape.noTruckStop')}</Notice>}
          <RadiusField draft={draft} errors={errors} onChange={onChange} />
        </>
      );
    case 'polygon':
      return (
        <>
          <p className="td-zones__hint">{t('shape.polygonHint', { max: MAX_POLYGON_VERTICES })}</p>
          <ol className="td-vertices" data-testid="zone-vertices">
            {draft.vertices.map((vertex, i) => (
              <li key={i} className="td-vertex">
                <PointFields
                  point={vertex}
                  label={t('shape.point', { number: i + 1 })}
                  testId={`zone-vertex-${i}`}
                  onChange={(point) => onChange({ ...draft, vertices: draft.vertices.map((v, j) => (j === i ? point : v)) })}
                />
                <Button size="small" type="link" onClick={() => onChange({ ...draft, vertices: draft.vertices.filter((_, j) => j !== i) })}>
                  {t('shape.removePoint')}
                </Button>
              </li>
            ))}
          </ol>
          <Space wrap>
            <Button size="small" onClick={() => onChange({ ...draft, vertices: [...draft.vertices, { lat: null, lng: null }] })}>
              {t('shape.addPoint')}
            </Button>
            <Button size="small" disabled={draft.vertices.length === 0} onClick={() => onChange({ ...draft, vertices: draft.vertices.slice(0, -1) })}>
              {t('shape.undoPoint')}
            </Button>
            <Button size="small" disabled={draft.vertices.length === 0} onClick={() => onChange({ ...draft, vertices: [] })}>
              {t('shape.clearPoints')}
            </Button>
          </Space>
          <Messages messages={messagesUnder(errors, 'shape.coordinates')} />
        </>
      );
  }
}

export function ZoneEditor({ draft, currency, truckStop, errors, problem, saving, onChange, onSave, onCancel, onDelete }: ZoneEditorProps) {
  const { t } = useTranslation('zones');
  const kinds: { value: ShapeKind; label: string }[] = [
    { value: 'circle', label: t('shape.kinds.circle') },
    { value: 'truck-stop-circle', label: t('shape.kinds.truck-stop-circle') },
    { value: 'polygon', label: t('shape.kinds.polygon') },
  ];
  return (
    <Panel title={draft.id ? <Trans t={t} i18nKey="editor.editTitle" values={{ name: draft.name }} components={{ name: <bdi translate="no" /> }} /> : t('editor.newTitle')} testId="zone-editor">
      <form
        className="td-zone-editor"
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        {problem && (
          <Notice kind="error" testId="zone-problem">
            {problem}
          </Notice>
        )}
        <label className="td-zone-field">
          <span>{t('editor.name')}</span>
          <NativeInput value={draft.name} maxLength={80} onChange={(event) => onChange({ ...draft, name: event.target.value })} testId="zone-name" />
          <Messages messages={messagesUnder(errors, 'name')} />
        </label>
        <fieldset className="td-zone-shape">
          <legend>{t('shape.title')}</legend>
          <Radio.Group optionType="button" value={draft.kind} options={kinds} onChange={(event) => onChange({ ...draft, kind: event.target.value as ShapeKind })} />
          <ShapeFields draft={draft} truckStop={truckStop} errors={errors} onChange={onChange} />
        </fieldset>
        <FeeRulesEditor rules={draft.feeRules} currency={currency} errors={errors} onChange={(feeRules) => onChange({ ...draft, feeRules })} />
        <div className="td-zone-editor__row">
          <label className="td-zone-field">
            <span>{t('editor.minimumOrder')}</span>
            <NativeInput className="td-money-input" inputMode="decimal" dir="ltr" value={draft.minimumOrder} suffix={currency} onChange={(event) => onChange({ ...draft, minimumOrder: event.target.value })} testId="zone-minimum" />
            <Messages messages={messagesUnder(errors, 'minimumOrder')} />
          </label>
          <label className="td-zone-field">
            <span>{t('editor.estimate')}</span>
            <NumberInput value={draft.estimatedMinutes} min={1} max={24 * 60} step={1} suffix={t('editor.minutes')} onChange={(estimatedMinutes) => onChange({ ...draft, estimatedMinutes })} testId="zone-estimate" />
            <Messages messages={messagesUnder(errors, 'estimatedMinutes')} />
          </label>
          <Checkbox checked={draft.active} onChange={(event) => onChange({ ...draft, active: event.target.checked })} data-testid="zone-active">
            {t('editor.active')}
          </Checkbox>
        </div>
        <div className="td-zone-editor__actions">
          {draft.id && (
            <Popconfirm title={<Trans t={t} i18nKey="editor.deleteConfirm" values={{ name: draft.name }} components={{ name: <bdi translate="no" /> }} />} okText={t('editor.delete')} cancelText={t('editor.cancel')} onConfirm={onDelete}>
              <Button data-testid="zone-delete">
                {t('editor.delete')}
              </Button>
            </Popconfirm>
          )}
          <Button onClick={onCancel}>{t('editor.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="zone-save">
            {t('editor.save')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
