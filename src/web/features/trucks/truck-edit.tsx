/** Truck info's edit mode: the wizard's forms, each part saved on its own. */
import type { Truck } from '@domain/trucks';
import { Button, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../ui/notify';
import { BasicsForm } from './basics-form';
import { DocumentsForm } from './documents-form';
import { LocationForm } from './location-form';

const EDIT_PARTS = ['basics', 'location', 'documents'] as const;
export type EditPart = (typeof EDIT_PARTS)[number];
const PART_LABELS: Record<EditPart, string> = { basics: 'info.editBasics', location: 'info.editLocation', documents: 'info.editDocuments' };

/** `parts`: the ones the truck's status lets the owner change (a suspended truck: its documents only). */
export default function EditTruck({ truck, initialPart = 'basics', parts = EDIT_PARTS }: { truck: Truck; initialPart?: EditPart; parts?: readonly EditPart[] }) {
  const { t } = useTranslation('trucks');
  const [part, setPart] = useState<EditPart>(initialPart);
  const saved = () => notify.success('trucks:saved');
  const save = (saving: boolean) => (
    <Button type="primary" htmlType="submit" loading={saving} data-testid="edit-save">
      {t('wizard.saveDraft')}
    </Button>
  );
  return (
    <div className="td-edit" data-testid="truck-edit">
      {parts.length > 1 && <Segmented<EditPart> value={part} onChange={setPart} options={parts.map((value) => ({ value, label: t(PART_LABELS[value]) }))} />}
      {part === 'basics' && <BasicsForm truck={truck} actions={save} onSaved={saved} />}
      {part === 'location' && <LocationForm truck={truck} actions={save} onSaved={saved} />}
      {part === 'documents' && <DocumentsForm truck={truck} onSaved={saved} />}
    </div>
  );
}
