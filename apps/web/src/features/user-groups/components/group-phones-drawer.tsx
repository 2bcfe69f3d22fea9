import { api, type TUserGroup, type TUserGroupImportReport, type TUserGroupMember } from '@vitrina/contract';
import { Alert, Button, Drawer, Input, Space, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowActions } from '../../../components/row-actions';
import { useIsMobile } from '../../../components/use-is-mobile';
import { isApiError } from '../../../lib/api-error';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';

const PER_PAGE = 20;

/** A group's phones: paste or upload a CSV to add, see who they resolve to, remove one. */
export function GroupPhonesDrawer(props: { group: TUserGroup | null; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const id = props.group?.id ?? 0;
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [report, setReport] = useState<TUserGroupImportReport | null>(null);
  const members = useEndpoint(
    api.userGroup.members,
    { params: { id }, query: { page, per_page: PER_PAGE } },
    { enabled: props.group !== null },
  );
  const importPhones = useEndpointMutation(api.userGroup.importPhones, { alsoInvalidates: ['user groups'] });
  const remove = useEndpointMutation(api.userGroup.removePhone, { alsoInvalidates: ['user groups'] });
  const close = () => {
    setText('');
    setReport(null);
    setPage(1);
    props.onClose();
  };
  const send = () =>
    importPhones.mutate(
      { params: { id }, body: { text } },
      {
        onSuccess: (answer) => {
          setReport(answer);
          setText('');
        },
      },
    );

  const columns: ColumnsType<TUserGroupMember> = [
    { key: 'phone', title: t('user_groups.phone'), render: (_, member) => member.phone },
    {
      key: 'customer',
      title: t('user_groups.customer'),
      render: (_, member) =>
        member.customer_id === null ? (
          <span className="muted">{t('user_groups.not_customer')}</span>
        ) : (
          <Link to={`/user/list?user_type=1&q=${encodeURIComponent(member.phone)}`}>{member.customer_name}</Link>
        ),
    },
    {
      key: 'actions',
      width: 60,
      render: (_, member) =>
        props.canEdit && (
          <RowActions
            actions={[
              {
                key: 'remove',
                label: t('user_groups.remove', { phone: member.phone }),
                text: '×',
                isDanger: true,
                confirm: {
                  title: t('user_groups.remove_confirm', { phone: member.phone }),
                  okText: t('actions.delete'),
                  isOkDanger: true,
                },
                onClick: () => remove.mutate({ params: { id }, body: { phone: member.phone } }),
              },
            ]}
          />
        ),
    },
  ];

  return (
    <Drawer title={props.group?.name} open={props.group !== null} onClose={close} width={isMobile ? '100%' : 560}>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {props.canEdit && (
          <>
            <Input.TextArea
              aria-label={t('user_groups.paste')}
              placeholder={t('user_groups.paste_hint')}
              rows={5}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <Space wrap>
              <Button type="primary" disabled={text.trim() === ''} loading={importPhones.isPending} onClick={send}>
                {t('user_groups.add_phones')}
              </Button>
              <Upload
                accept=".csv,.txt,text/csv,text/plain"
                showUploadList={false}
                beforeUpload={async (file) => {
                  setText(await file.text());
                  return false;
                }}
              >
                <Button>{t('user_groups.read_csv')}</Button>
              </Upload>
            </Space>
          </>
        )}
        {importPhones.error && (
          <Alert
            type="error"
            showIcon
            message={isApiError(importPhones.error) ? importPhones.error.message : String(importPhones.error)}
          />
        )}
        {report && (
          <Alert
            type={report.invalid > 0 ? 'warning' : 'success'}
            showIcon
            message={t('user_groups.report', {
              added: report.added,
              duplicates: report.duplicates,
              invalid: report.invalid,
              unknown: report.unknown,
            })}
            description={
              report.invalid_examples.length > 0
                ? t('user_groups.invalid_examples', { examples: report.invalid_examples.join(', ') })
                : undefined
            }
          />
        )}
        <Typography.Text type="secondary">
          {t('user_groups.counts', {
            phones: props.group?.phones_count ?? 0,
            members: props.group?.members_count ?? 0,
          })}
        </Typography.Text>
        <Table<TUserGroupMember>
          rowKey="phone"
          size="small"
          loading={members.isPending}
          columns={columns}
          dataSource={members.data?.items}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: members.data?.total,
            onChange: setPage,
            showSizeChanger: false,
          }}
          locale={{ emptyText: t('user_groups.no_phones') }}
        />
      </Space>
    </Drawer>
  );
}
