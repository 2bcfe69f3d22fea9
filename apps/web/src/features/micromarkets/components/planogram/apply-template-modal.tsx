import { api, type TMicromarket, type TPlanogramTemplate } from '@vitrina/contract';
import { Button, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpoint, useEndpointMutation } from '../../../../lib/endpoint-query';
import { getMessage } from '../../../../lib/notify';

type Props = { micromarket: TMicromarket; template: TPlanogramTemplate | null; onClose: () => void };

/**
 * "Apply": the template becomes this micromarket's layout; when other micromarkets use it
 * (they keep the copy they were given, §5), the confirmation lists them and offers to apply
 * it to all of them too, in one go on the server (all or none).
 */
export function ApplyTemplateModal({ micromarket, template, onClose }: Props) {
  const { t } = useTranslation();
  const users = useEndpoint(
    api.planogram.templateMicromarkets,
    { params: { id: template?.id ?? 0 } },
    { enabled: template !== null, staleTime: 0 },
  );
  const applyHere = useEndpointMutation(api.planogram.apply);
  const applyAll = useEndpointMutation(api.planogram.applyToMany);
  const others = (users.data?.items ?? []).filter((item) => item.id !== micromarket.id);
  const close = () => {
    applyHere.reset();
    applyAll.reset();
    onClose();
  };
  if (!template) return null;
  const here = () =>
    applyHere.mutate(
      { params: { id: micromarket.id }, body: { template_id: template.id } },
      {
        onSuccess: () => {
          getMessage().success(t('planogram.applied'));
          close();
        },
      },
    );
  const everywhere = () =>
    applyAll.mutate(
      { params: { id: template.id }, body: { micromarket_ids: [micromarket.id, ...others.map((item) => item.id)] } },
      {
        onSuccess: (answer) => {
          getMessage().success(t('planogram.applied_n', { count: answer.applied }));
          close();
        },
      },
    );
  const isBusy = applyHere.isPending || applyAll.isPending;
  return (
    <Modal
      open
      title={t('planogram.apply_title', { name: template.name })}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close} disabled={isBusy}>
          {t('actions.cancel')}
        </Button>,
        others.length > 0 && (
          <Button key="all" onClick={everywhere} loading={applyAll.isPending} disabled={applyHere.isPending}>
            {t('planogram.apply_all', { count: others.length + 1 })}
          </Button>
        ),
        <Button key="here" type="primary" onClick={here} loading={applyHere.isPending} disabled={applyAll.isPending}>
          {others.length > 0 ? t('planogram.apply_here') : t('planogram.apply')}
        </Button>,
      ]}
    >
      <p>{t('planogram.apply_confirm', { name: template.name })}</p>
      {users.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        others.length > 0 && (
          <section aria-label={t('planogram.used_by')}>
            <p>{t('planogram.used_by_n', { count: others.length })}</p>
            <ul className="planogram-users">
              {others.map((item) => (
                <li key={item.id}>
                  {item.name}
                  {item.address && <span className="muted"> · {item.address}</span>}
                </li>
              ))}
            </ul>
          </section>
        )
      )}
    </Modal>
  );
}
