import { DeleteOutlined, DownloadOutlined, SnippetsOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { api, type TDatasetFile } from '@vitrina/contract';
import { Button, Card, Image, Popconfirm } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { DatasetTagSelect } from '../../../components/dataset-tag-select';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { formatDateUtc } from '../../../lib/format';

const ACCENT = '#427ef1';
/**
 * A door session's document: a light page with its icon and the way to download it. Styled
 * here, not in styles.css, which every page loads first (the first-load budget).
 */
const DOCUMENT_STYLE: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 4,
  background: '#f4f6fb',
  color: '#4a5568',
  textAlign: 'center',
};

/** A tile's preview: the thumb opens the full image, a clip plays inline, a door session's document downloads. */
function DatasetCover({ file }: { file: TDatasetFile }) {
  const { t } = useTranslation();
  if (file.type === 'session') {
    // The session's evidence is a JSON document: nothing to preview, so the whole cover is its download.
    return (
      <a
        className="dataset-item__media"
        style={DOCUMENT_STYLE}
        href={file.url}
        download={file.original_name}
        aria-label={t('dataset.download', { name: file.original_name })}
      >
        <SnippetsOutlined style={{ fontSize: 36, color: ACCENT }} aria-hidden />
        <span>{t('dataset.type.session')}</span>
        <span style={{ fontSize: 12, color: ACCENT }}>
          <DownloadOutlined aria-hidden /> {t('dataset.download_json')}
        </span>
      </a>
    );
  }
  if (file.type === 'video') {
    return (
      <div className="dataset-item__media">
        {/* biome-ignore lint/a11y/useMediaCaption: training clips have no speech to caption */}
        <video src={file.url} controls preload="metadata" aria-label={file.original_name} />
        <VideoCameraOutlined className="dataset-item__badge" aria-hidden />
      </div>
    );
  }
  return (
    <div className="dataset-item__media">
      <Image src={file.thumb_url ?? file.url} alt={file.original_name} preview={{ src: file.url }} />
    </div>
  );
}

/** One gallery tile: its preview, name, date and size, and its tags. */
export function DatasetItem({ file, canManage }: { file: TDatasetFile; canManage: boolean }) {
  const { t } = useTranslation();
  const update = useEndpointMutation(api.dataset.update);
  const remove = useEndpointMutation(api.dataset.delete);

  return (
    <Card size="small" cover={<DatasetCover file={file} />} className="dataset-item">
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
