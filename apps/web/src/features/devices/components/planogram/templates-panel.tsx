import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { api, type TMicromarket, type TPlanogramTemplate } from '@vitrina/contract';
import { Button, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { useEndpoint, useEndpointMutation } from '../../../../lib/endpoint-query';
import { getMessage } from '../../../../lib/notify';
import { TemplateDrawer } from './template-drawer';

/** The organisation's templates: apply one here now, edit, delete, or make a new one. */
export function TemplatesPanel({ micromarket, canEdit }: { micromarket: TMicromarket; canEdit: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TPlanogramTemplate | 'new' | null>(null);
  const templates = useEndpoint(api.planogram.templates, { query: { org_id: micromarket.org_id, per_page: 100 } });
  const apply = useEndpointMutation(api.planogram.apply);
  const remove = useEndpointMutation(api.planogram.deleteTemplate);
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
                <Space size={4} wrap>
                  <Popconfirm
                    title={t('planogram.apply_confirm', { name: template.name })}
                    okText={t('planogram.apply')}
                    cancelText={t('actions.cancel')}
                    onConfirm={() =>
                      apply.mutate(
                        { params: { id: micromarket.id }, body: { template_id: template.id } },
                        { onSuccess: () => getMessage().success(t('planogram.applied')) },
                      )
                    }
                  >
                    <Button
                      size="small"
                      type="primary"
                      aria-label={t('planogram.apply_named', { name: template.name })}
                    >
                      {t('planogram.apply')}
                    </Button>
                  </Popconfirm>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('planogram.edit_named', { name: template.name })}
                    onClick={() => setEditing(template)}
                  />
                  <Popconfirm
                    title={t('planogram.delete_confirm', { name: template.name })}
                    okText={t('actions.delete')}
                    cancelText={t('actions.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutate({ params: { id: template.id } })}
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('planogram.delete_named', { name: template.name })}
                    />
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <TemplateDrawer orgId={micromarket.org_id} template={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
