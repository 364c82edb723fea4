/**
 * Deleting a category: an empty one goes at once; one with items asks whether to move them to
 * another category (the default, nothing lost) or delete them with it. Loaded when first opened.
 */
import type { DeleteCategoryQuery, MenuCategory } from '@domain/menu';
import { nameIn } from '@domain/names';
import { Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../ui/notify';
import { useDeleteCategoryMutation } from './menu.api';
import { toastProblem } from './menu-problem';

export interface DeleteCategoryDialogProps {
  truckId: string;
  category: MenuCategory;
  categories: readonly MenuCategory[];
  itemCount: number;
  onClose(): void;
}

export default function DeleteCategoryDialog({ truckId, category, categories, itemCount, onClose }: DeleteCategoryDialogProps) {
  const { t } = useTranslation('menu');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const others = categories.filter((other) => other.id !== category.id);
  const [fate, setFate] = useState<'move' | 'delete'>(others.length > 0 ? 'move' : 'delete');
  const [moveTo, setMoveTo] = useState<string | undefined>(others[0]?.id);
  const [remove, { isLoading }] = useDeleteCategoryMutation();
  const name = nameIn(category, lang);

  const confirm = async () => {
    const query: DeleteCategoryQuery = itemCount === 0 ? {} : fate === 'move' ? { items: 'move', moveTo } : { items: 'delete' };
    try {
      await remove({ truckId, categoryId: category.id, query }).unwrap();
      notify.success('menu:categories.deleted');
      onClose();
    } catch (error) {
      toastProblem(error, lang);
    }
  };

  return (
    <Modal
      open
      title={t('categories.deleteTitle', { name })}
      okText={t('categories.deleteConfirm')}
      okButtonProps={{ danger: true, disabled: itemCount > 0 && fate === 'move' && !moveTo }}
      cancelText={t('cancel')}
      confirmLoading={isLoading}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      {itemCount === 0 ? (
        <p>{t('categories.deleteEmpty')}</p>
      ) : (
        <>
          <p>{t('categories.deleteWithItems', { count: itemCount })}</p>
          <Radio.Group value={fate} onChange={(event) => setFate(event.target.value as 'move' | 'delete')}>
            <Space orientation="vertical">
              <Radio value="move" disabled={others.length === 0}>
                {t('categories.moveItems')}
              </Radio>
              {fate === 'move' && others.length > 0 && (
                <Select
                  value={moveTo}
                  onChange={setMoveTo}
                  aria-label={t('categories.moveTo')}
                  options={others.map((other) => ({ value: other.id, label: nameIn(other, lang) }))}
                  className="td-menu-move-to"
                />
              )}
              <Radio value="delete">{t('categories.deleteItems', { count: itemCount })}</Radio>
            </Space>
          </Radio.Group>
        </>
      )}
    </Modal>
  );
}
