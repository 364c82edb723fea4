/**
 * Adding or editing an item: names and descriptions in both languages (one is enough), the price
 * typed in the truck's currency (Arabic digits welcome, never more decimals than the currency has),
 * its tax category (standard, zero-rated, exempt: what the truck's rate does to it), photo, prep
 * time, calories, dietary tags and option groups. Checked against ItemInputSchema, the
 * server's own contract, before sending. Loaded when first opened.
 */
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { DIETARY_TAGS, ItemInputSchema, itemInputOf, MENU_LIMITS, type DietaryTag, type MenuCategory, type MenuItem } from '@domain/menu';
import { nameIn } from '@domain/names';
import type { Currency } from '@domain/money';
import { TAX_CATEGORIES, type TaxCategory } from '@domain/money/order-totals';
import { fromMinor, toMinor } from '@domain/money/minor';
import { IMAGE_TYPES } from '@domain/uploads/kinds';
import { Alert, Button, Checkbox, Divider, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { problemOf } from '../../ui/api-problem';
import type { FieldProblem } from '../../ui/field-errors';
import { notify } from '../../ui/notify';
import { useCreateItemMutation, useUpdateItemMutation, useUploadMenuPhotoMutation } from './menu.api';
import { fieldMessage } from '../../ui/messages';
import { formName, issuesOf, refreshShownProblems, showFieldProblems } from './menu-form';
import { toastProblem } from './menu-problem';

interface OptionValues {
  id?: string;
  nameEn: string;
  nameAr: string;
  priceDelta: string;
}

interface GroupValues {
  id?: string;
  nameEn: string;
  nameAr: string;
  required: boolean;
  minSelections: number;
  maxSelections: number;
  options: OptionValues[];
}

interface EditorValues {
  categoryId: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  price: string;
  taxCategory: TaxCategory;
  prepMinutes: number | null;
  calories: number | null;
  tags: DietaryTag[];
  optionGroups: GroupValues[];
}

const NEW_OPTION: OptionValues = { nameEn: '', nameAr: '', priceDelta: '' };
const NEW_GROUP: GroupValues = { nameEn: '', nameAr: '', required: false, minSelections: 0, maxSelections: 1, options: [NEW_OPTION] };

function valuesOf(item: MenuItem | null, categoryId: string, currency: Currency): EditorValues {
  if (!item) return { categoryId, nameEn: '', nameAr: '', descriptionEn: '', descriptionAr: '', price: '', taxCategory: 'standard', prepMinutes: null, calories: null, tags: [], optionGroups: [] };
  const input = itemInputOf(item);
  return {
    ...input,
    price: fromMinor(input.priceMinor, currency),
    optionGroups: input.optionGroups.map((group) => ({
      ...group,
      options: group.options.map(({ priceDeltaMinor, ...option }) => ({ ...option, priceDelta: priceDeltaMinor === 0 ? '' : fromMinor(priceDeltaMinor, currency) })),
    })),
  };
}

/** The typed prices in minor units, or what is wrong with them; an empty delta means no extra charge. */
function toInput(values: EditorValues, currency: Currency, photoId: string | null): { input: unknown; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const minor = (text: string | undefined, path: string, emptyMeans: number | null) => {
    if (!text?.trim()) {
      if (emptyMeans === null) problems.push({ path, code: 'required' });
      return emptyMeans ?? 0;
    }
    const parsed = toMinor(text, currency);
    if (!parsed.ok) problems.push({ path, code: parsed.code, params: parsed.params });
    return parsed.ok ? parsed.minor : 0;
  };
  const { price, optionGroups = [], ...rest } = values;
  const input = {
    ...rest,
    photoId,
    priceMinor: minor(price, 'priceMinor', null),
    optionGroups: optionGroups.map((group, g) => ({
      ...group,
      options: (group.options ?? []).map(({ priceDelta, ...option }, o) => ({ ...option, priceDeltaMinor: minor(priceDelta, `optionGroups.${g}.options.${o}.priceDeltaMinor`, 0) })),
    })),
  };
  return { input, problems };
}

const blank = (text: string | undefined) => !text?.trim();
const emptyOption = (option: OptionValues | undefined) => !option?.id && blank(option?.nameEn) && blank(option?.nameAr) && blank(option?.priceDelta);

/**
 * Option rows nobody typed in are left out rather than blocking the save ("Add option" pressed once
 * too often); so is a new group with nothing typed at all. A group keeps one row, so a group with a
 * name and no option still says what it lacks.
 */
export function withoutEmptyRows(groups: readonly GroupValues[] = []): GroupValues[] {
  return groups.flatMap((group) => {
    const options = (group.options ?? []).filter((option) => !emptyOption(option));
    if (options.length === 0 && !group.id && blank(group.nameEn) && blank(group.nameAr)) return [];
    return [{ ...group, options: options.length > 0 ? options : (group.options ?? []).slice(0, 1) }];
  });
}

const FIELD_LABELS: Record<string, string> = {
  categoryId: 'editor.category',
  nameEn: 'editor.nameEn',
  nameAr: 'editor.nameAr',
  descriptionEn: 'editor.descriptionEn',
  descriptionAr: 'editor.descriptionAr',
  price: 'editor.price',
  taxCategory: 'editor.taxCategory',
  prepMinutes: 'editor.prepMinutes',
  calories: 'editor.calories',
  tags: 'editor.tags',
  photoId: 'editor.photo',
};
const GROUP_LABELS: Record<string, string> = {
  nameEn: 'editor.groupNameEn',
  nameAr: 'editor.groupNameAr',
  required: 'editor.required',
  minSelections: 'editor.minSelections',
  maxSelections: 'editor.maxSelections',
  options: 'editor.optionGroups',
};
const OPTION_LABELS: Record<string, string> = { nameEn: 'editor.optionNameEn', nameAr: 'editor.optionNameAr', priceDelta: 'editor.priceDelta' };

/** Where a problem is, in the words on the form: "Option group 1 › Option 2 › Option in English". */
export function whereOf(path: string, t: TFunction, currency: Currency): string {
  const [first, g, second, o, third] = formName(path);
  const label = (labels: Record<string, string>, key: unknown) => t(labels[String(key)] ?? 'editor.optionGroups', { currency });
  if (first !== 'optionGroups' || typeof g !== 'number') return label(FIELD_LABELS, first);
  const group = t('editor.groupLegend', { number: g + 1 });
  if (second !== 'options' || typeof o !== 'number') return second === undefined ? group : `${group} › ${label(GROUP_LABELS, second)}`;
  const option = t('editor.optionLegend', { number: o + 1 });
  return third === undefined ? `${group} › ${option}` : `${group} › ${option} › ${label(OPTION_LABELS, third)}`;
}

export interface ItemEditorProps {
  truckId: string;
  currency: Currency;
  categories: readonly MenuCategory[];
  /** null: a new item, in `categoryId` (or the first category). */
  item: MenuItem | null;
  categoryId: string | null;
  onClose(): void;
}

export default function ItemEditor({ truckId, currency, categories, item, categoryId, onClose }: ItemEditorProps) {
  const { t } = useTranslation('menu');
  const lang = useAppSelector((s) => s.lang_dir.lang);
  const [form] = Form.useForm<EditorValues>();
  const [photo, setPhoto] = useState<{ id: string; url: string } | null>(item?.photoId && item.photoUrl ? { id: item.photoId, url: item.photoUrl } : null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [create, creating] = useCreateItemMutation();
  const [update, updating] = useUpdateItemMutation();
  const [upload, uploading] = useUploadMenuPhotoMutation();

  /** What blocks saving, listed above the form until fixed; null while none was found. */
  const [blocking, setBlocking] = useState<FieldProblem[] | null>(null);

  const check = () => {
    const { input, problems } = toInput(form.getFieldsValue(true) as EditorValues, currency, photo?.id ?? null);
    const parsed = ItemInputSchema.safeParse(input, { reportInput: true });
    return { parsed, problems: [...problems, ...(parsed.success ? [] : issuesOf(parsed.error, lang))] };
  };

  const showBlocking = (problems: FieldProblem[]) => {
    showFieldProblems(form, problems, lang);
    setBlocking(problems);
    const first = problems[0];
    if (first) form.scrollToField(formName(first.path), { block: 'center' });
  };

  const save = async () => {
    const groups = form.getFieldValue('optionGroups') as GroupValues[] | undefined;
    const kept = withoutEmptyRows(groups);
    if (JSON.stringify(kept) !== JSON.stringify(groups ?? [])) form.setFieldValue('optionGroups', kept);
    const { parsed, problems } = check();
    if (problems.length > 0 || !parsed.success) return showBlocking(problems);
    setBlocking(null);
    try {
      if (item) await update({ truckId, itemId: item.id, body: parsed.data }).unwrap();
      else await create({ truckId, body: parsed.data }).unwrap();
      notify.success(item ? 'menu:editor.saved' : 'menu:editor.added');
      onClose();
    } catch (error) {
      const problem = problemOf(error);
      if (problem.code !== 'validation_failed') toastProblem(error, lang);
      else showBlocking(problem.fields);
    }
  };

  /** As values change, shown errors leave as soon as their field is right, and the list above follows. */
  const recheck = () => {
    const { problems } = check();
    refreshShownProblems(form, problems, lang);
    if (blocking !== null) setBlocking(problems.length > 0 ? problems : null);
  };

  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      const stored = await upload({ truckId, file }).unwrap();
      setPhoto({ id: stored.id, url: stored.url });
    } catch (error) {
      toastProblem(error, lang);
    }
  };

  /** A required group asks for at least one choice; an optional one for none (the server's rule too). */
  const keepRuleConsistent = (changed: Partial<EditorValues>) => {
    changed.optionGroups?.forEach((group, g) => {
      if (group?.required === undefined) return;
      const min = form.getFieldValue(['optionGroups', g, 'minSelections']) as number;
      form.setFieldValue(['optionGroups', g, 'minSelections'], group.required ? Math.max(1, min) : 0);
    });
  };

  return (
    <Modal
      open
      width={760}
      title={item ? t('editor.editTitle') : t('editor.addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={creating.isLoading || updating.isLoading}
      okButtonProps={{ disabled: uploading.isLoading }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={valuesOf(item, categoryId ?? categories[0]?.id ?? '', currency)}
        onValuesChange={(changed: Partial<EditorValues>) => {
          keepRuleConsistent(changed);
          recheck();
        }}
        onFinish={() => void save()}
        className="td-menu-editor"
      >
        {blocking && blocking.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="td-menu-editor__blocking"
            title={t('editor.blocking', { count: blocking.length })}
            description={
              <ul data-testid="item-blocking">
                {blocking.map((problem, n) => (
                  <li key={`${problem.path}:${n}`}>
                    <button type="button" className="td-menu-link" onClick={() => form.scrollToField(formName(problem.path), { block: 'center', focus: true })}>
                      {whereOf(problem.path, t, currency)}
                    </button>
                    {': '}
                    {fieldMessage(lang, problem.code, problem.params)}
                  </li>
                ))}
              </ul>
            }
            data-testid="item-blocking-alert"
          />
        )}
        <Form.Item name="categoryId" label={t('editor.category')}>
          <Select options={categories.map((category) => ({ value: category.id, label: nameIn(category, lang) }))} data-testid="item-category" />
        </Form.Item>
        <p className="td-menu-editor__hint">{t('editor.nameHint')}</p>
        <div className="td-menu-editor__pair">
          <Form.Item name="nameEn" label={t('editor.nameEn')}>
            <Input lang="en" dir="ltr" maxLength={80} data-testid="item-name-en" />
          </Form.Item>
          <Form.Item name="nameAr" label={t('editor.nameAr')}>
            <Input lang="ar" dir="rtl" maxLength={80} data-testid="item-name-ar" />
          </Form.Item>
          <Form.Item name="descriptionEn" label={t('editor.descriptionEn')}>
            <Input.TextArea lang="en" dir="ltr" maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Form.Item name="descriptionAr" label={t('editor.descriptionAr')}>
            <Input.TextArea lang="ar" dir="rtl" maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </div>
        <div className="td-menu-editor__facts">
          <Form.Item name="price" label={t('editor.price', { currency })} extra={t('editor.priceHint', { example: fromMinor(1250, currency) })}>
            <Input inputMode="decimal" dir="ltr" suffix={currency} data-testid="item-price" />
          </Form.Item>
          <Form.Item name="taxCategory" label={t('editor.taxCategory')} extra={t('editor.taxCategoryHint')}>
            <Select options={TAX_CATEGORIES.map((value) => ({ value, label: t(`taxCategories.${value}`) }))} data-testid="item-tax-category" />
          </Form.Item>
          <Form.Item name="prepMinutes" label={t('editor.prepMinutes')}>
            <InputNumber min={0} max={MENU_LIMITS.prepMinutes} precision={0} />
          </Form.Item>
          <Form.Item name="calories" label={t('editor.calories')}>
            <InputNumber min={0} max={MENU_LIMITS.calories} precision={0} />
          </Form.Item>
        </div>
        <Form.Item name="tags" label={t('editor.tags')}>
          <Checkbox.Group options={DIETARY_TAGS.map((tag) => ({ value: tag, label: t(`tags.${tag}`) }))} />
        </Form.Item>
        <Form.Item label={t('editor.photo')}>
          <div className="td-menu-editor__photo">
            {photo && <img src={photo.url} alt="" width={96} height={96} />}
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              hidden
              onChange={(event) => {
                void choosePhoto(event.target.files?.[0]);
                event.target.value = '';
              }}
              data-testid="item-photo-input"
            />
            <Button icon={<UploadOutlined />} loading={uploading.isLoading} onClick={() => fileInput.current?.click()}>
              {photo ? t('editor.photoReplace') : t('editor.photoChoose')}
            </Button>
            {photo && (
              <Button type="text" danger onClick={() => setPhoto(null)}>
                {t('editor.photoRemove')}
              </Button>
            )}
          </div>
        </Form.Item>

        <Divider titlePlacement="start">{t('editor.optionGroups')}</Divider>
        <Form.List name="optionGroups">
          {(groups, { add: addGroup, remove: removeGroup }) => (
            <>
              {groups.map((group, g) => (
                <fieldset key={group.key} className="td-menu-editor__group" data-testid="option-group">
                  <legend>{t('editor.groupLegend', { number: g + 1 })}</legend>
                  <div className="td-menu-editor__pair">
                    <Form.Item name={[group.name, 'nameEn']} label={t('editor.groupNameEn')}>
                      <Input lang="en" dir="ltr" maxLength={80} data-testid="group-name-en" />
                    </Form.Item>
                    <Form.Item name={[group.name, 'nameAr']} label={t('editor.groupNameAr')}>
                      <Input lang="ar" dir="rtl" maxLength={80} data-testid="group-name-ar" />
                    </Form.Item>
                  </div>
                  <div className="td-menu-editor__facts">
                    <Form.Item name={[group.name, 'required']} label={t('editor.required')} valuePropName="checked">
                      <Switch data-testid="group-required" />
                    </Form.Item>
                    <Form.Item name={[group.name, 'minSelections']} label={t('editor.minSelections')}>
                      <InputNumber min={0} max={MENU_LIMITS.optionsPerGroup} precision={0} data-testid="group-min" />
                    </Form.Item>
                    <Form.Item name={[group.name, 'maxSelections']} label={t('editor.maxSelections')}>
                      <InputNumber min={1} max={MENU_LIMITS.optionsPerGroup} precision={0} data-testid="group-max" />
                    </Form.Item>
                  </div>
                  <Form.List name={[group.name, 'options']}>
                    {(options, { add: addOption, remove: removeOption }) => (
                      <ul className="td-menu-editor__options">
                        {options.map((option, o) => (
                          <li key={option.key} data-testid="option-row">
                            <Form.Item name={[option.name, 'nameEn']} label={t('editor.optionNameEn')}>
                              <Input lang="en" dir="ltr" maxLength={80} data-testid="option-name-en" />
                            </Form.Item>
                            <Form.Item name={[option.name, 'nameAr']} label={t('editor.optionNameAr')}>
                              <Input lang="ar" dir="rtl" maxLength={80} data-testid="option-name-ar" />
                            </Form.Item>
                            <Form.Item name={[option.name, 'priceDelta']} label={t('editor.priceDelta', { currency })}>
                              <Input inputMode="decimal" dir="ltr" placeholder={fromMinor(0, currency)} data-testid="option-price" />
                            </Form.Item>
                            <Button
                              type="text"
                              danger
                              icon={<DeleteOutlined />}
                              disabled={options.length === 1}
                              onClick={() => removeOption(option.name)}
                              aria-label={t('editor.removeOption', { number: o + 1 })}
                            />
                          </li>
                        ))}
                        <li>
                          <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => addOption(NEW_OPTION)} disabled={options.length >= MENU_LIMITS.optionsPerGroup} data-testid="add-option">
                            {t('editor.addOption')}
                          </Button>
                        </li>
                      </ul>
                    )}
                  </Form.List>
                  <Button type="text" danger icon={<DeleteOutlined />} onClick={() => removeGroup(group.name)}>
                    {t('editor.removeGroup')}
                  </Button>
                </fieldset>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => addGroup(NEW_GROUP)} disabled={groups.length >= MENU_LIMITS.groupsPerItem} data-testid="add-option-group">
                {t('editor.addGroup')}
              </Button>
            </>
          )}
        </Form.List>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
