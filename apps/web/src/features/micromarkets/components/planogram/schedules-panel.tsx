import { api, type PlanogramScheduleStatus, type TMicromarket, type TPlanogramSchedule } from '@vitrina/contract';
import { Button, DatePicker, Modal, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../../components/row-actions';
import { isApiError } from '../../../../lib/api-error';
import { useEndpoint, useEndpointMutation } from '../../../../lib/endpoint-query';
import { getMessage } from '../../../../lib/notify';

const STATUS_COLORS: Record<PlanogramScheduleStatus, string> = { 1: 'green', 2: 'blue', 3: 'default', 4: 'default' };
const DAY = 'YYYY-MM-DD';

/** A template on this micromarket for days: queued, started and completed by the schedule job. */
export function SchedulesPanel(props: {
  micromarket: TMicromarket;
  canEdit: boolean;
  schedules: TPlanogramSchedule[];
}) {
  const { micromarket, canEdit, schedules } = props;
  const { t } = useTranslation();
  const [templateId, setTemplateId] = useState<number | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const templates = useEndpoint(api.planogram.templates, { query: { org_id: micromarket.org_id, per_page: 100 } });
  // An overlap is a question for the user, not an error toast: the call is silent and asks.
  const create = useEndpointMutation(api.planogram.schedule, { call: { isSilent: true } });
  const cancel = useEndpointMutation(api.planogram.cancelSchedule);

  const send = (confirm: boolean) => {
    if (templateId === undefined || !range?.[0] || !range[1]) return;
    const body = { template_id: templateId, date_from: range[0].format(DAY), date_to: range[1].format(DAY), confirm };
    create.mutate(
      { params: { id: micromarket.id }, body },
      {
        onSuccess: () => {
          setRange(null);
          getMessage().success(t('planogram.scheduled'));
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409 && !confirm) {
            Modal.confirm({
              title: t('planogram.overlap_title'),
              content: error.message,
              okText: t('planogram.overlap_ok'),
              cancelText: t('actions.cancel'),
              onOk: () => send(true),
            });
          } else getMessage().error(error.message);
        },
      },
    );
  };

  return (
    <div style={{ display: 'grid', gap: 12 }}>
      {canEdit && (
        <Space wrap>
          <Select<number>
            aria-label={t('planogram.template')}
            placeholder={t('planogram.template')}
            style={{ minWidth: 200 }}
            value={templateId}
            onChange={setTemplateId}
            options={templates.data?.items.map((template) => ({ value: template.id, label: template.name }))}
          />
          <DatePicker.RangePicker
            aria-label={t('planogram.dates')}
            value={range}
            onChange={(value) => setRange(value)}
          />
          <Button
            type="primary"
            loading={create.isPending}
            disabled={templateId === undefined || !range?.[0] || !range[1]}
            onClick={() => send(false)}
          >
            {t('planogram.schedule')}
          </Button>
        </Space>
      )}
      <Table<TPlanogramSchedule>
        rowKey="id"
        size="small"
        dataSource={schedules}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('planogram.no_schedules') }}
        columns={[
          { key: 'template', title: t('planogram.template'), dataIndex: 'template_name' },
          { key: 'dates', title: t('planogram.dates'), render: (_, row) => `${row.date_from} — ${row.date_to}` },
          {
            key: 'status',
            title: t('planogram.status'),
            render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{t(`planogram.statuses.${row.status}`)}</Tag>,
          },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, row) => (
              <RowActions
                actions={[
                  {
                    key: 'cancel',
                    text: t('planogram.cancel_schedule'),
                    isDanger: true,
                    confirm: {
                      title: t('planogram.cancel_confirm'),
                      okText: t('planogram.cancel_schedule'),
                      isOkDanger: true,
                    },
                    onClick: () => cancel.mutate({ params: { id: row.id } }),
                    isHidden: !(canEdit && (row.status === 1 || row.status === 2)),
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
