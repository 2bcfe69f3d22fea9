import { UserSwitchOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { api } from '@vitrina/contract';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';

/** The tag with the way back to the user's own role. */
export default function ActingAsPanel({ isCompact, roleName }: { isCompact: boolean; roleName: string }) {
  const { t } = useTranslation();
  const { applyRoleToken } = useSession();
  // Not an area refresh: the answer replaces the session, and applyRoleToken drops the whole cache.
  const back = useMutation({ mutationFn: () => callEndpoint(api.auth.switchBack) });
  return (
    <Tag color="gold" icon={<UserSwitchOutlined />} style={{ marginInlineEnd: 0, padding: '2px 4px 2px 8px' }}>
      {!isCompact && t('layout.working_as', { role: roleName })}
      <Button
        size="small"
        type="link"
        loading={back.isPending}
        onClick={() => back.mutate(undefined, { onSuccess: applyRoleToken })}
      >
        {t('layout.back_to_my_role')}
      </Button>
    </Tag>
  );
}
