import { UploadOutlined } from '@ant-design/icons';
import {
  api,
  CERTIFICATE_REGIONS,
  type TCertificate,
  type TCertificateFields,
  translate,
  ZCertificateFields,
} from '@vitrina/contract';
import { Button, Form, Input, Select, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/contract-form';
import { FormDrawer } from '../../../components/form-drawer';
import { useUploadMutation } from '../../../lib/endpoint-query';
import { useEntityForm } from '../../../lib/entity-form';
import { applyServerErrors } from '../../../lib/form-errors';
import { getMessage } from '../../../lib/notify';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { checkUpload } from '../../../lib/upload-check';
import { useLocale } from '../../../lib/use-locale';

/** The fields of a certificate; a new one sends them as multipart text beside its file. */
type Values = TCertificateFields;
type Props = { certificate: TCertificate | 'new' | null; onClose: () => void };

/** A new certificate with its file (multipart), or an existing one's fields and file. */
export function CertificateFormDrawer({ certificate, onClose }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const organizations = useOrganizationOptions();
  const editableOrgs = organizations.data?.items.filter((org) => org.access_level === 2) ?? [];
  const isNew = certificate === 'new';
  const create = useUploadMutation(api.certificate.create);
  const replace = useUploadMutation(api.certificate.replaceFile);
  const { save, isSaving } = useEntityForm({
    form,
    create: api.certificate.update,
    update: api.certificate.update,
    id: certificate !== null && certificate !== 'new' ? certificate.id : null,
    onSaved: onClose,
  });

  useEffect(() => {
    setFile(null);
    if (certificate === 'new') form.setFieldsValue({ region: 'all', org_id: editableOrgs[0]?.id });
    else if (certificate) {
      form.setFieldsValue({
        title: certificate.title,
        region: certificate.region,
        active_to: certificate.active_to ?? '',
        slug: certificate.slug,
      });
    }
  }, [certificate, form, editableOrgs[0]?.id]);

  const pick = async (picked: File) => {
    const problem = await checkUpload(picked, 'document');
    if (problem) {
      form.setFields([{ name: 'file' as never, errors: [translate(problem, locale)] }]);
      return;
    }
    if (isNew) setFile(picked);
    else if (certificate) {
      const formData = new FormData();
      formData.append('file', picked);
      replace.mutate(
        { params: { id: certificate.id }, formData },
        { onSuccess: () => getMessage().success(t('certificates.file_replaced')) },
      );
    }
  };

  const submit = (values: Values) => {
    if (!isNew) return save({ ...values, active_to: values.active_to || null });
    const parsed = ZCertificateFields.safeParse(values);
    if (!parsed.success || file === null) {
      if (file === null) form.setFields([{ name: 'file' as never, errors: [t('certificates.file_required')] }]);
      if (!parsed.success) save(values);
      return;
    }
    const formData = new FormData();
    for (const [key, value] of Object.entries(values))
      if (value !== undefined && value !== null) formData.append(key, String(value));
    formData.append('file', file);
    create.mutate(
      { formData },
      {
        onSuccess: () => {
          getMessage().success(t('common.saved'));
          onClose();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <FormDrawer
      title={isNew ? t('certificates.new') : t('certificates.edit')}
      isOpen={certificate !== null}
      isEdit={!isNew}
      isSaving={isSaving || create.isPending}
      width={520}
      onClose={onClose}
      onSubmit={() => form.submit()}
    >
      <ContractForm form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="title" label={t('certificates.title')} required>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name={'file' as never}
          label={t('certificates.file')}
          required={isNew}
          extra={t('certificates.file_hint')}
        >
          <Upload
            accept="application/pdf,image/jpeg,image/png,image/webp"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(picked) => {
              void pick(picked);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={replace.isPending}>
              {isNew ? (file?.name ?? t('certificates.choose_file')) : t('certificates.replace_file')}
            </Button>
          </Upload>
        </Form.Item>
        {isNew && editableOrgs.length > 1 && (
          <Form.Item name="org_id" label={t('certificates.organization')}>
            <Select options={editableOrgs.map((org) => ({ value: org.id, label: org.name }))} />
          </Form.Item>
        )}
        <Form.Item name="region" label={t('certificates.region')}>
          <Select
            options={CERTIFICATE_REGIONS.map((value) => ({ value, label: t(`certificates.regions.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="active_to" label={t('certificates.active_to')} extra={t('certificates.active_to_hint')}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="slug" label={t('certificates.slug')} extra={t('certificates.slug_hint')}>
          <Input maxLength={80} autoComplete="off" />
        </Form.Item>
      </ContractForm>
    </FormDrawer>
  );
}
