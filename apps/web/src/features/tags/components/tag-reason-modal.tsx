import { api, ZTagAction } from '@vitrina/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import { getMessage } from '../../../lib/notify';
import { useLocale } from '../../../lib/use-locale';
import { parseForm } from '../../../lib/zod-form';

/** Write-off and removal share one shape; the names key their texts. */
export type TagMove = 'write-off' | 'remove';

/** Moved tags change their batches' counts and their products' tag counts. */
// The micromarket card's stock lists (on sale, written off) read the tags too.
const MOVE_REFRESHES = ['storage', 'products', 'micromarkets'];

type Props = { action: TagMove | null; ids: number[]; onClose: () => void; onDone: () => void };

/** Write-off and removal both need a reason for the record; the server says which tags cannot move. */
export function TagReasonModal({ action, ids, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<{ reason: string }>();
  const writeOff = useEndpointMutation(api.tag.writeOff, { alsoInvalidates: MOVE_REFRESHES });
  const remove = useEndpointMutation(api.tag.remove, { alsoInvalidates: MOVE_REFRESHES });
  const move = action === 'remove' ? remove : writeOff;

  const submit = (values: { reason: string }) => {
    if (!action) return;
    const body = parseForm({ schema: ZTagAction, values: { ...values, ids }, form, locale, t });
    if (!body) return;
    move.mutate(
      { body },
      {
        onSuccess: (answer) => {
          getMessage().success(t(`tags.moved.${action}`, { count: answer.updated }));
          onDone();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <Modal
      title={action ? t(`tags.move_title.${action}`, { count: ids.length }) : ''}
      open={action !== null}
      onCancel={onClose}
      onOk={form.submit}
      okText={action ? t(`tags.actions.${action}`) : ''}
      okButtonProps={{ danger: action === 'write-off' }}
      cancelText={t('actions.cancel')}
      confirmLoading={move.isPending}
      destroyOnHidden
    >
      <ContractForm form={form} onFinish={submit} preserve={false}>
        <Form.Item name="reason" label={t('tags.reason')} required>
          <Input.TextArea autoFocus autoSize={{ minRows: 2, maxRows: 5 }} maxLength={300} showCount />
        </Form.Item>
      </ContractForm>
    </Modal>
  );
}
