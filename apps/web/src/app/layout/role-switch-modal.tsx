import { useMutation } from '@tanstack/react-query';
import { api } from '@vitrina/contract';
import { Button, List, Modal, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../lib/api-client';
import { useRoleOptions } from '../../lib/queries/role-options';
import { useSession } from '../../lib/session-context';

export default function RoleSwitchModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { me, applyRoleToken } = useSession();
  const roles = useRoleOptions({ isEnabled: isOpen });
  // Not an area refresh: the old token is revoked, so refetching now would fail; applyRoleToken drops the cache.
  const switchRole = useMutation({
    mutationFn: (roleId: number) => callEndpoint(api.auth.switchRole, { body: { role_id: roleId } }),
  });
  const currentRoleId = me.acting_as?.role_id ?? me.role?.id;

  const choose = (roleId: number) =>
    switchRole.mutate(roleId, {
      onSuccess: async (answer) => {
        onClose();
        await applyRoleToken(answer);
      },
    });

  return (
    <Modal title={t('layout.switch_role_title')} open={isOpen} onCancel={onClose} footer={null} destroyOnHidden>
      <p style={{ color: 'rgba(0,0,0,0.55)' }}>{t('layout.switch_role_hint')}</p>
      {roles.isPending && <Skeleton active />}
      {roles.isError && <Result status="error" title={t('common.load_failed')} />}
      {roles.data && (
        <List
          bordered
          dataSource={roles.data.items}
          locale={{ emptyText: t('common.empty') }}
          renderItem={(role) => (
            <List.Item
              actions={[
                role.id === currentRoleId ? (
                  <Tag key="current" color="blue">
                    {t('layout.current_role')}
                  </Tag>
                ) : (
                  <Button
                    key="use"
                    type="link"
                    size="small"
                    disabled={switchRole.isPending}
                    onClick={() => choose(role.id)}
                  >
                    {t('layout.work_as_this_role')}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta title={role.name} description={role.org_id === null ? t('roles.platform') : undefined} />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
