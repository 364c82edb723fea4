/** "Delete this item?": past orders keep their own copy, so the answer is only about the menu. Loaded when first opened. */
import type { MenuItem } from '@domain/menu';
import { inLanguage } from '@domain/names';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notify } from '../../ui/notify';
import { useDeleteItemMutation } from './menu.api';
import { toastProblem } from './menu-problem';

export default function DeleteItemDialog({ truckId, item, onClose }: { truckId: string; item: MenuItem; onClose(): void }) {
  const { t } = useTranslation('menu');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const [remove, { isLoading }] = useDeleteItemMutation();
  const name = inLanguage(item, lang).text;

  const confirm = async () => {
    try {
      await remove({ truckId, itemId: item.id }).unwrap();
      notify.success('menu:list.deleted');
      onClose();
    } catch (error) {
      toastProblem(error, lang);
    }
  };

  return (
    <Modal
      open
      title={t('list.deleteItem', { name })}
      okText={t('list.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('cancel')}
      confirmLoading={isLoading}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('list.deleteConfirm', { name })}</p>
    </Modal>
  );
}
