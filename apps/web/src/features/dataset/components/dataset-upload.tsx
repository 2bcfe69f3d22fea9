import { InboxOutlined } from '@ant-design/icons';
import { api, type DatasetTag, IMAGE_MIME_TYPES, translate, VIDEO_MIME_TYPES } from '@vitrina/contract';
import { Form, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatasetTagSelect } from '../../../components/dataset-tag-select';
import { useUploadMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';
import { checkUpload } from '../../../lib/upload-check';
import { useLocale } from '../../../lib/use-locale';

const ACCEPT = [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES].join(',');

/** Multipart: the file plus its tags as one comma-separated field. */
function uploadFormData(input: { file: Blob; tags: DatasetTag[]; orgId?: number }): FormData {
  const formData = new FormData();
  formData.append('tags', input.tags.join(','));
  if (input.orgId !== undefined) formData.append('org_id', String(input.orgId));
  formData.append('file', input.file);
  return formData;
}

/** Drop images or MP4 clips; each is checked here (type by its bytes, under 2 MB) before it is sent. */
export function DatasetUpload({ orgId }: { orgId?: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const upload = useUploadMutation(api.dataset.upload);
  const [tags, setTags] = useState<DatasetTag[]>([]);
  const [pending, setPending] = useState(0);

  const send = async (file: File) => {
    const problem = await checkUpload(file, 'dataset');
    if (problem) {
      getMessage().error(`${file.name}: ${translate(problem, locale)}`);
      return;
    }
    setPending((count) => count + 1);
    // Several dropped files share one mutation, and mutate()'s own callbacks fire for the
    // latest call only, so the count would stay up; each call's promise settles for its file.
    try {
      await upload.mutateAsync({ formData: uploadFormData({ file, tags, orgId }) });
      getMessage().success(t('dataset.uploaded', { name: file.name }));
    } catch {
      // The client has already shown the server's message.
    } finally {
      setPending((count) => count - 1);
    }
  };

  return (
    <div className="dataset-upload">
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={t('dataset.upload_tags')} htmlFor="dataset-upload-tags" extra={t('dataset.upload_tags_hint')}>
          <DatasetTagSelect id="dataset-upload-tags" value={tags} onChange={setTags} />
        </Form.Item>
      </Form>
      <Upload.Dragger
        accept={ACCEPT}
        multiple
        showUploadList={false}
        disabled={pending > 0}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">
          {pending > 0 ? t('dataset.uploading', { count: pending }) : t('dataset.drop_here')}
        </p>
        <p className="ant-upload-hint">{t('dataset.upload_hint')}</p>
      </Upload.Dragger>
    </div>
  );
}
