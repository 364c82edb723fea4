/** Adding or renaming a category: its name in English, Arabic or both. Loaded when first opened. */
import { CategoryInputSchema, type CategoryInput, type MenuCategory } from '@domain/menu';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { problemOf } from '../../ui/api-problem';
import { notify } from '../../ui/notify';
import { useCreateCategoryMutation, useUpdateCategoryMutation } from './menu.api';
import { issuesOf, showFieldProblems } from './menu-form';
import { toastProblem } from './menu-problem';

export interface CategoryDialogProps {
  truckId: string;
  /** null: a new category. */
  category: MenuCategory | null;
  onClose(): void;
}

export default function CategoryDialog({ truckId, category, onClose }: CategoryDialogProps) {
  const { t } = useTranslation('menu');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const [form] = Form.useForm<CategoryInput>();
  const [create, creating] = useCreateCategoryMutation();
  const [update, updating] = useUpdateCategoryMutation();

  const save = async () => {
    const parsed = CategoryInputSchema.safeParse(form.getFieldsValue());
    if (!parsed.success) return void showFieldProblems(form, issuesOf(parsed.error, lang), lang);
    try {
      if (category) await update({ truckId, categoryId: category.id, body: parsed.data }).unwrap();
      else await create({ truckId, body: parsed.data }).unwrap();
      notify.success(category ? 'menu:categories.renamed' : 'menu:categories.added');
      onClose();
    } catch (error) {
      const problem = problemOf(error);
      if (problem.code !== 'validation_failed' || !showFieldProblems(form, problem.fields, lang)) toastProblem(error, lang);
    }
  };

  return (
    <Modal
      open
      title={category ? t('categories.renameTitle') : t('categories.addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={creating.isLoading || updating.isLoading}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ nameEn: category?.nameEn ?? '', nameAr: category?.nameAr ?? '' }} onFinish={() => void save()}>
        <p>{t('editor.nameHint')}</p>
        <Form.Item name="nameEn" label={t('editor.nameEn')}>
          <Input lang="en" dir="ltr" maxLength={80} autoFocus data-testid="category-name-en" />
        </Form.Item>
        <Form.Item name="nameAr" label={t('editor.nameAr')}>
          <Input lang="ar" dir="rtl" maxLength={80} data-testid="category-name-ar" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
