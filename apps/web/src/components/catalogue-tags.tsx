import { TAG_STATUSES, type TagStatus } from '@vitrina/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** One colour per tag status, shared by the tags list, the storage batches and the product card. */
export const TAG_STATUS_COLORS: Record<TagStatus, string> = {
  new: '#427ef1',
  in_micromarket: '#13a8a8',
  sold: '#52c41a',
  removed: '#faad14',
  written_off: '#8c8c8c',
  not_paid: '#f5222d',
};

export function TagStatusTag({ status }: { status: TagStatus }) {
  const { t } = useTranslation();
  return <Tag color={TAG_STATUS_COLORS[status]}>{t(`catalogue.tag_status.${status}`)}</Tag>;
}

const BATCH_COLORS = { 0: 'blue', 1: 'cyan', 2: 'default' } as const;
const BATCH_KEYS = { 0: 'in_use', 1: 'all_in_micromarket', 2: 'used' } as const;

export function BatchStatusTag({ status }: { status: 0 | 1 | 2 }) {
  const { t } = useTranslation();
  return <Tag color={BATCH_COLORS[status]}>{t(`catalogue.batch_status.${BATCH_KEYS[status]}`)}</Tag>;
}

/** How a batch's tags are spread over the statuses, as one stacked bar with a legend on hover. */
export function BatchCountsBar({ counts, total }: { counts: Partial<Record<TagStatus, number>>; total: number }) {
  const { t } = useTranslation();
  const parts = TAG_STATUSES.map((status) => ({ status, count: counts[status] ?? 0 })).filter((part) => part.count > 0);
  const legend = parts.map((part) => `${t(`catalogue.tag_status.${part.status}`)}: ${part.count}`).join(', ');
  return (
    <Tooltip title={legend || t('common.empty')}>
      <div className="counts-bar" role="img" aria-label={legend || t('common.empty')}>
        {parts.map((part) => (
          <span
            key={part.status}
            style={{ flexGrow: part.count, background: TAG_STATUS_COLORS[part.status] }}
            className="counts-bar__part"
          />
        ))}
        {total === 0 && <span className="counts-bar__part" style={{ flexGrow: 1, background: '#f0f0f0' }} />}
      </div>
    </Tooltip>
  );
}
