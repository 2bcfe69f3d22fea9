import { StopOutlined, UnlockOutlined } from '@ant-design/icons';
import { api, type TCustomerBlock, type TUser, ZBlockCustomer } from '@vitrina/contract';
import { Alert, Button, Divider, Form, Input, Modal, Popconfirm, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { LoadError } from '../../../components/load-error';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import type { FormValues } from '../../../lib/form-values';
import { formatDateUtc } from '../../../lib/format';
import { getMessage } from '../../../lib/notify';
import { useLocale } from '../../../lib/use-locale';
import { parseForm } from '../../../lib/zod-form';

/**
 * The customer's access to their organisation's cabinets, on the customer's card: blocked
 * (why, by whom, since when) with Unblock, or Block from cabinets. Both ask first.
 */
export function CustomerBlock({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const [isAsking, setIsAsking] = useState(false);
  const state = useEndpoint(api.user.block, { params: { id: user.id } }, { staleTime: 0 });
  const unblock = useEndpointMutation(api.user.unblockCustomer, {
    onSuccess: () => getMessage().success(t('users.block.unblocked', { name: user.name })),
  });
  let body: ReactNode;
  if (state.isError) body = <LoadError onRetry={() => state.refetch()} />;
  else if (!state.data) body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  else if (state.data.block) {
    body = (
      <BlockedNotice
        block={state.data.block}
        action={
          state.data.can_change && (
            <Popconfirm
              title={t('users.block.unblock_confirm', { name: user.name })}
              description={t('users.block.unblock_confirm_text', { org: user.org_name })}
              okText={t('users.block.unblock')}
              cancelText={t('actions.cancel')}
              onConfirm={() => unblock.mutateAsync({ params: { id: user.id } })}
            >
              <Button size="small" icon={<UnlockOutlined />} loading={unblock.isPending}>
                {t('users.block.unblock')}
              </Button>
            </Popconfirm>
          )
        }
      />
    );
  } else {
    body = (
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}>
        <Typography.Text type="secondary" style={{ flex: '1 1 240px' }}>
          {t('users.block.not_blocked', { org: user.org_name })}
        </Typography.Text>
        {state.data.can_change && (
          <Button danger icon={<StopOutlined />} onClick={() => setIsAsking(true)}>
            {t('users.block.block')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <section aria-label={t('users.block.title')}>
      <Divider />
      <Typography.Title level={5}>{t('users.block.title')}</Typography.Title>
      {body}
      <BlockModal user={user} isOpen={isAsking} onClose={() => setIsAsking(false)} />
    </section>
  );
}

function BlockedNotice({ block, action }: { block: TCustomerBlock; action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      icon={<StopOutlined />}
      title={t('users.block.blocked')}
      description={
        <>
          <div>{t('users.block.reason_shown', { reason: block.reason })}</div>
          <Typography.Text type="secondary">
            {block.created_by_name
              ? t('users.block.since_by', { date: formatDateUtc(block.created_at), name: block.created_by_name })
              : t('users.block.since', { date: formatDateUtc(block.created_at) })}
          </Typography.Text>
          {/* Below the text, not beside it: on a phone a side button squeezes the reason into a column. */}
          {action && <div style={{ marginTop: 12 }}>{action}</div>}
        </>
      }
    />
  );
}

type Values = FormValues<typeof api.user.blockCustomer>;

/** Blocking asks first, and for the reason: the operator sees it later, and the customer may ask. */
function BlockModal({ user, isOpen, onClose }: { user: TUser; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const block = useEndpointMutation(api.user.blockCustomer, {
    onSuccess: () => {
      getMessage().success(t('users.block.done', { name: user.name }));
      onClose();
    },
    onError: (error) => applyServerErrors(form, error),
  });
  const submit = (values: Values) => {
    const body = parseForm({ schema: ZBlockCustomer, values: { reason: values.reason ?? '' }, form, locale, t });
    if (body) block.mutate({ params: { id: user.id }, body });
  };
  return (
    <Modal
      title={t('users.block.confirm_title', { name: user.name })}
      open={isOpen}
      onCancel={onClose}
      onOk={form.submit}
      okText={t('users.block.block')}
      okButtonProps={{ danger: true }}
      cancelText={t('actions.cancel')}
      confirmLoading={block.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('users.block.confirm_text', { org: user.org_name })}</Typography.Paragraph>
      <ContractForm form={form} onFinish={submit} preserve={false}>
        <Form.Item name="reason" label={t('users.block.reason')}>
          <Input.TextArea autoFocus maxLength={500} rows={3} placeholder={t('users.block.reason_placeholder')} />
        </Form.Item>
      </ContractForm>
    </Modal>
  );
}
