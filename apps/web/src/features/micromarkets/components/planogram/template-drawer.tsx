import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { api, PLANOGRAM_MAX_CAPACITY, type TPlanogramTemplate } from '@vitrina/contract';
import { Alert, Button, Card, Form, Input, InputNumber, Space } from 'antd';
import { type DragEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../../components/contract-form';
import { FormDrawer } from '../../../../components/form-drawer';
import { ProductPicker } from '../../../../components/product-picker';
import { Thumb } from '../../../../components/thumb';
import { useEntityForm } from '../../../../lib/entity-form';
import type { FormValues } from '../../../../lib/form-values';
import { useProductForPicker } from '../../../../lib/queries/product-name';
import { acceptsProduct, droppedProduct, ProductPalette } from './product-palette';

type TemplateBody = FormValues<typeof api.planogram.createTemplate>;
type Section = Partial<TemplateBody['layout']['shelves'][number]['sections'][number]>;
/**
 * The layout's shelves are listed from the top and numbered by their place, so a shelf holds only
 * its sections (a new one has a capacity and no product yet); the organisation is the drawer's.
 */
type Values = Pick<TemplateBody, 'name'> & { shelves: { sections: Section[] }[] };
type Props = {
  orgId: number;
  template: TPlanogramTemplate | 'new' | null;
  /** A product ready to place (from its card): first in the palette, with a "place here" on each shelf. */
  placing?: number;
  onClose: () => void;
};

/** A template's name and layout: shelves from the top, each with sections of a product and how many fit. */
export function TemplateDrawer({ orgId, template, placing, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const toPlace = useProductForPicker(placing).data;
  /** The section (or shelf's add zone) a product is dragged over, to show where it lands. */
  const [target, setTarget] = useState<string | null>(null);
  const dropZone = (key: string, place: (productId: number) => void) => ({
    onDragOver: (event: DragEvent) => {
      if (acceptsProduct(event)) setTarget(key);
    },
    onDragLeave: () => setTarget((current) => (current === key ? null : current)),
    onDrop: (event: DragEvent) => {
      const productId = droppedProduct(event);
      setTarget(null);
      if (productId === null) return;
      event.preventDefault();
      place(productId);
    },
  });
  const { save, isSaving } = useEntityForm({
    form,
    create: api.planogram.createTemplate,
    update: api.planogram.updateTemplate,
    id: template !== null && template !== 'new' ? template.id : null,
    onSaved: onClose,
  });
  useEffect(() => {
    if (template === 'new') form.setFieldsValue({ name: '', shelves: [{ sections: [{ capacity: 6 }] }] });
    else if (template) {
      form.setFieldsValue({
        name: template.name,
        shelves: template.layout.shelves.map((shelf) => ({
          sections: shelf.sections.map((section) => ({ product_id: section.product_id, capacity: section.capacity })),
        })),
      });
    }
  }, [template, form]);

  const submit = (values: Values) =>
    save({
      name: values.name,
      ...(template === 'new' ? { org_id: orgId } : {}),
      layout: {
        shelves: (values.shelves ?? []).map((shelf, index) => ({
          number: index + 1,
          sections: (shelf.sections ?? []).map((section) => ({
            product_id: section.product_id ?? null,
            capacity: section.capacity ?? 0,
          })),
        })),
      },
    });

  return (
    <FormDrawer
      title={template === 'new' ? t('planogram.new_template') : t('planogram.edit_template')}
      isOpen={template !== null}
      isEdit={template !== 'new'}
      isSaving={isSaving}
      width={640}
      onClose={onClose}
      onSubmit={() => form.submit()}
    >
      <ContractForm<Values> form={form} onFinish={submit}>
        <Form.Item name="name" label={t('planogram.template_name')}>
          <Input maxLength={120} />
        </Form.Item>
        {toPlace && (
          <Alert
            className="planogram-placing"
            type="info"
            showIcon
            icon={<Thumb url={toPlace.thumb_url} alt={toPlace.name} size={32} />}
            title={t('planogram.placing', { name: toPlace.name })}
            description={t('planogram.placing_hint')}
            style={{ marginBottom: 12 }}
          />
        )}
        <ProductPalette orgId={orgId} pinned={toPlace} />
        <Form.Item name="layout" label={t('planogram.layout')} style={{ marginBottom: 0 }}>
          <Form.List name="shelves">
            {(shelves, shelfOps) => (
              <div style={{ display: 'grid', gap: 12 }}>
                {shelves.map((shelf, shelfIndex) => (
                  <Card
                    key={shelf.key}
                    size="small"
                    title={t('planogram.shelf_n', { n: shelfIndex + 1 })}
                    extra={
                      <Space size={4}>
                        {toPlace && (
                          <Button
                            size="small"
                            type="primary"
                            ghost
                            icon={<PlusOutlined />}
                            aria-label={t('planogram.place_on_shelf', { name: toPlace.name, n: shelfIndex + 1 })}
                            onClick={() =>
                              form.setFieldValue(
                                ['shelves', shelf.name, 'sections'],
                                [
                                  ...(form.getFieldValue(['shelves', shelf.name, 'sections']) ?? []),
                                  { product_id: toPlace.id, capacity: 6 },
                                ],
                              )
                            }
                          >
                            {t('planogram.place_here')}
                          </Button>
                        )}
                        <Button
                          size="small"
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('planogram.remove_shelf', { n: shelfIndex + 1 })}
                          onClick={() => shelfOps.remove(shelf.name)}
                        />
                      </Space>
                    }
                  >
                    <Form.List name={[shelf.name, 'sections']}>
                      {(sections, sectionOps) => (
                        <div style={{ display: 'grid', gap: 8 }}>
                          {sections.map((section, sectionIndex) => {
                            const label = t('planogram.section_of', { n: sectionIndex + 1, shelf: shelfIndex + 1 });
                            const key = `${shelf.key}:${section.key}`;
                            return (
                              <Space.Compact
                                key={section.key}
                                style={{ width: '100%' }}
                                className={target === key ? 'planogram-drop is-over' : 'planogram-drop'}
                                {...dropZone(key, (productId) =>
                                  form.setFieldValue(
                                    ['shelves', shelf.name, 'sections', section.name, 'product_id'],
                                    productId,
                                  ),
                                )}
                              >
                                <Form.Item name={[section.name, 'product_id']} noStyle>
                                  <ProductPicker
                                    aria-label={label}
                                    orgId={orgId}
                                    status="active"
                                    className="fill-select"
                                  />
                                </Form.Item>
                                <Form.Item name={[section.name, 'capacity']} noStyle>
                                  <InputNumber
                                    aria-label={`${t('planogram.capacity')} · ${label}`}
                                    min={0}
                                    max={PLANOGRAM_MAX_CAPACITY}
                                    precision={0}
                                    style={{ width: 88 }}
                                  />
                                </Form.Item>
                                <Button
                                  icon={<DeleteOutlined />}
                                  aria-label={t('planogram.remove_section', { name: label })}
                                  onClick={() => sectionOps.remove(section.name)}
                                />
                              </Space.Compact>
                            );
                          })}
                          <Button
                            size="small"
                            icon={<PlusOutlined />}
                            onClick={() => sectionOps.add({ capacity: 6 })}
                            className={target === `${shelf.key}:add` ? 'planogram-drop is-over' : 'planogram-drop'}
                            {...dropZone(`${shelf.key}:add`, (productId) =>
                              sectionOps.add({ product_id: productId, capacity: 6 }),
                            )}
                          >
                            {t('planogram.add_section')}
                          </Button>
                        </div>
                      )}
                    </Form.List>
                  </Card>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => shelfOps.add({ sections: [{ capacity: 6 }] })}
                >
                  {t('planogram.add_shelf')}
                </Button>
              </div>
            )}
          </Form.List>
        </Form.Item>
      </ContractForm>
    </FormDrawer>
  );
}
