import { TAG_STATUSES, type TagStatus } from '@vitrina/contract';
import { Badge, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAG_STATUS_COLORS } from '../../../components/catalogue-tags';

type Props = {
  status: TagStatus;
  counts: Partial<Record<TagStatus, number>> | undefined;
  onChange: (status: TagStatus) => void;
};

/** One tab per status group, each with how many tags the filters leave in it. */
export function TagStatusTabs({ status, counts, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Tabs
      activeKey={status}
      onChange={(key) => onChange(key as TagStatus)}
      items={TAG_STATUSES.map((key) => ({
        key,
        label: (
          <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
            {t(`catalogue.tag_status.${key}`)}
            <Badge
              count={counts?.[key] ?? 0}
              showZero
              overflowCount={99_999}
              color={key === status ? TAG_STATUS_COLORS[key] : '#d9d9d9'}
            />
          </span>
        ),
      }))}
    />
  );
}
