import { api } from '@vitrina/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpoint } from '../lib/endpoint-query';
import { userGroupOption } from './picker-options';

type Props = {
  /** This organisation's groups; null: of every organisation the user sees; undefined: not known yet (none). */
  orgId: number | null | undefined;
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
};

/** Customer groups (§2 `/user/group`) with their member counts, several at once: push audiences and promotions. */
export function UserGroupSelect({ orgId, value, onChange, id }: Props) {
  const { t } = useTranslation();
  const groups = useEndpoint(
    api.userGroup.list,
    { query: { per_page: 100, org_id: orgId ?? undefined } },
    { enabled: orgId !== undefined },
  );
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      optionFilterProp="label"
      value={value}
      onChange={onChange}
      loading={groups.isPending}
      options={groups.data?.items.map((group) => userGroupOption(group, t))}
    />
  );
}
