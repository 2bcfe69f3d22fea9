import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { api, IMAGE_MIME_TYPES, type TProduct, translate } from '@vitrina/contract';
import { Button, Image, Popconfirm, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation, useUploadMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';
import { checkUpload } from '../../../lib/upload-check';
import { useLocale } from '../../../lib/use-locale';

/** The card's picture with upload, replace and remove; the file is checked before it is sent. */
export function ProductImage({ product, canEdit }: { product: TProduct; canEdit: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const upload = useUploadMutation(api.product.uploadImage);
  const remove = useEndpointMutation(api.product.deleteImage);

  const send = async (file: File) => {
    const problem = await checkUpload(file, 'image');
    if (problem) {
      getMessage().error(translate(problem, locale));
      return;
    }
    const formData = new FormData();
    formData.append('file', file);
    upload.mutate(
      { params: { id: product.id }, formData },
      { onSuccess: () => getMessage().success(t('products.image_saved')) },
    );
  };

  return (
    <div className="product-image">
      {product.image_url ? (
        <Image
          src={product.image_url}
          alt={product.name}
          width={160}
          height={160}
          style={{ objectFit: 'cover', borderRadius: 8 }}
          preview={{ src: product.image_url }}
        />
      ) : (
        <div className="product-image__empty">{t('products.no_image')}</div>
      )}
      {canEdit && (
        <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          <Upload
            accept={IMAGE_MIME_TYPES.join(',')}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button size="small" icon={<UploadOutlined />} loading={upload.isPending}>
              {product.image_url ? t('products.replace_image') : t('products.upload_image')}
            </Button>
          </Upload>
          {product.image_url && (
            <Popconfirm
              title={t('products.remove_image_confirm')}
              okText={t('actions.delete')}
              cancelText={t('actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate({ params: { id: product.id } })}
            >
              <Button size="small" danger icon={<DeleteOutlined />} loading={remove.isPending}>
                {t('products.remove_image')}
              </Button>
            </Popconfirm>
          )}
        </div>
      )}
      <span className="muted">{t('products.image_hint')}</span>
    </div>
  );
}
