import { PlusOutlined } from '@ant-design/icons';
import { api, type TMicromarket, type TPlanogramTemplate } from '@vitrina/contract';
import { Button, Table } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { RowActions } from '../../../../components/row-actions';
import { useEndpoint, useEndpointMutation } from '../../../../lib/endpoint-query';
import { ApplyTemplateModal } from './apply-template-modal';
import { TemplateDrawer } from './template-drawer';

type Props = {
  micromarket: TMicromarket;
  canEdit: boolean;
  /** A product to place (from its card): the editor opens on the active template, or a new one. */
  placing?: { productId: number; templateId: number | null };
  onPlaced?: () => void;
};

/** The organisation's templates: apply one here (or to all using it), edit, delete, or make a new one. */
export function TemplatesPanel({ micromarket, canEdit, placing, onPlaced }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TPlanogramTemplate | 'new' | null>(null);
  const [applying, setApplying] = useState<TPlanogramTemplate | null>(null);
  const templates = useEndpoint(api.planogram.templates, { query: { org_id: micromarket.org_id, per_page: 100 } });
  const remove = useEndpointMutation(api.planogram.deleteTemplate);
  const items = templates.data?.items;
  const placingProduct = placing?.productId;
  const placingTemplate = placing?.templateId;
  // Opened once per product to place: a refetch of the templates must not reset the editor.
  const openedFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (placingProduct === undefined || !items || openedFor.current === placingProduct) return;
    openedFor.current = placingProduct;
    setEditing(items.find((item) => item.id === placingTemplate) ?? 'new');
  }, [placingProduct, placingTemplate, items]);
  const closeEditor = () => {
    setEditing(null);
    if (placingProduct !== undefined) onPlaced?.();
  };
  if (templates.isError) return <LoadError onRetry={() => templates.refetch()} />;
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      {canEdit && (
        <div>
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('planogram.new_template')}
          </Button>
        </div>
      )}
      <Table<TPlanogramTemplate>
        rowKey="id"
        size="small"
        loading={templates.isFetching}
        dataSource={templates.data?.items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('planogram.no_templates') }}
        columns={[
          { key: 'name', title: t('planogram.template_name'), dataIndex: 'name' },
          {
            key: 'shelves',
            title: t('planogram.shelves'),
            align: 'right',
            render: (_, template) => template.layout.shelves.length,
          },
          { key: 'capacity', title: t('planogram.capacity'), dataIndex: 'capacity', align: 'right' },
          {
            key: 'active',
            title: t('planogram.in_use'),
            dataIndex: 'active_count',
            align: 'right',
            responsive: ['md'],
          },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, template) =>
              canEdit && (
                <RowActions
                  actions={[
                    {
                      key: 'apply',
                      label: t('planogram.apply_named', { name: template.name }),
                      text: t('planogram.apply'),
                      type: 'primary',
                      onClick: () => setApplying(template),
                    },
                  ]}
                  edit={{
                    label: t('planogram.edit_named', { name: template.name }),
                    onClick: () => setEditing(template),
                  }}
                  remove={{
                    label: t('planogram.delete_named', { name: template.name }),
                    confirm: t('planogram.delete_confirm', { name: template.name }),
                    onConfirm: () => remove.mutate({ params: { id: template.id } }),
                  }}
                />
              ),
          },
        ]}
      />
      <TemplateDrawer orgId={micromarket.org_id} template={editing} placing={placingProduct} onClose={closeEditor} />
      <ApplyTemplateModal micromarket={micromarket} template={applying} onClose={() => setApplying(null)} />
    </div>
  );
}
