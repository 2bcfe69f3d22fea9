import { DeleteOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { api, type TDatasetFile } from '@vitrina/contract';
import { Button, Card, Image, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { formatDateUtc } from '../../../lib/format';
import { DatasetTagSelect } from './dataset-tag-select';

/** One gallery tile: a preview (the thumb opens the full image; clips play inline) and its tags. */
export function DatasetItem({ file, canManage }: { file: TDatasetFile; canManage: boolean }) {
  const { t } = useTranslation();
  const update = useEndpointMutation(api.dataset.update);
  const remove = useEndpointMutation(api.dataset.delete);
  const cover =
    file.type === 'video' ? (
      <div className="dataset-item__media">
        {/* biome-ignore lint/a11y/useMediaCaption: training clips have no speech to caption */}
        <video src={file.url} controls preload="metadata" aria-label={file.original_name} />
        <VideoCameraOutlined className="dataset-item__badge" aria-hidden />
      </div>
    ) : (
      <div className="dataset-item__media">
        <Image src={file.thumb_url ?? file.url} alt={file.original_name} preview={{ src: file.url }} />
      </div>
    );

  return (
    <Card size="small" cover={cover} className="dataset-item">
      <div className="dataset-item__meta">
        <span title={file.original_name} className="dataset-item__name">
          {file.original_name}
        </span>
        {canManage && (
          <Popconfirm
            title={t('dataset.delete_confirm')}
            okText={t('actions.delete')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate({ params: { id: file.id } })}
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              loading={remove.isPending}
              aria-label={t('dataset.delete', { name: file.original_name })}
            />
          </Popconfirm>
        )}
      </div>
      <div className="muted">{`${formatDateUtc(file.created_at).slice(0, 10)} · ${(file.size / 1024).toFixed(0)} KB`}</div>
      <div style={{ marginTop: 8 }}>
        <DatasetTagSelect
          size="small"
          aria-label={t('dataset.tags_of', { name: file.original_name })}
          value={file.tags}
          isDisabled={!canManage}
          onChange={(tags) => update.mutate({ params: { id: file.id }, body: { tags } })}
        />
      </div>
    </Card>
  );
}
