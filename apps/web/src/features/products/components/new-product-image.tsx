import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { IMAGE_MIME_TYPES, translate } from '@vitrina/contract';
import { Button, Form, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMessage } from '../../../lib/notify';
import { checkUpload } from '../../../lib/upload-check';
import { useLocale } from '../../../lib/use-locale';

/**
 * The new product's picture, chosen in the create drawer and checked at once (type and size,
 * as the upload endpoint checks them again); it is sent by the card's upload path as soon as
 * the product exists.
 */
export function NewProductImage({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = async (chosen: File) => {
    const problem = await checkUpload(chosen, 'image');
    if (problem) {
      getMessage().error(translate(problem, locale));
      return;
    }
    onChange(chosen);
  };

  return (
    <Form.Item label={t('products.image')} extra={t('products.image_hint')}>
      <div className="product-image">
        {preview ? (
          <img src={preview} alt={t('products.image_preview')} width={120} height={120} className="thumb" />
        ) : (
          <div className="product-image__empty" style={{ width: 120, height: 120 }}>
            {t('products.no_image')}
          </div>
        )}
        <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          <Upload
            accept={IMAGE_MIME_TYPES.join(',')}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(chosen) => {
              void choose(chosen);
              return false;
            }}
          >
            <Button size="small" icon={<UploadOutlined />}>
              {file ? t('products.replace_image') : t('products.choose_image')}
            </Button>
          </Upload>
          {file && (
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onChange(null)}>
              {t('products.remove_image')}
            </Button>
          )}
        </div>
      </div>
    </Form.Item>
  );
}
