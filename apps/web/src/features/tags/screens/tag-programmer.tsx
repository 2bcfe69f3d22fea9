import { api, type TProgramResult, ZProgramTags } from '@vitrina/contract';
import { Alert, Button, Card, Form, Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContractForm } from '../../../components/contract-form';
import { PageHeader } from '../../../components/page-header';
import { ProductPicker } from '../../../components/product-picker';
import { isApiError } from '../../../lib/api-error';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import type { FormValues } from '../../../lib/form-values';
import { formatDateUtc } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useLocale } from '../../../lib/use-locale';
import { parseForm } from '../../../lib/zod-form';
import { CodePreview } from '../components/code-preview';
import { parseCodes } from '../components/parse-codes';
import { ProgrammingTasks } from '../components/programming-tasks';

/** The codes are read from the pasted text (one a line). */
type Values = Partial<Pick<FormValues<typeof api.tag.program>, 'product_id'>> & { text?: string };

/** The tag-writing station: a reader types codes into the box, the operator writes them for one product. */
export default function TagProgrammerScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  // A new batch of new tags: the storage list and the product's tag counts change too.
  const program = useEndpointMutation(api.tag.program, { alsoInvalidates: ['storage', 'products', 'tags'] });
  const text = (Form.useWatch('text', form) as string | undefined) ?? '';
  const productId = Form.useWatch('product_id', form) as number | undefined;
  const parsed = useMemo(() => parseCodes(text), [text]);
  const [result, setResult] = useState<TProgramResult | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const textRef = useRef<TextAreaRef>(null);

  // The 409 names the codes already in use; those typed here are marked in the preview.
  const taken = useMemo(
    () => new Set(conflict ? parsed.codes.filter((code) => conflict.includes(code)) : []),
    [conflict, parsed.codes],
  );

  const submit = (values: Values) => {
    const body = parseForm({
      schema: ZProgramTags,
      values: { product_id: values.product_id, codes: parsed.codes },
      form,
      locale,
      t,
    });
    if (!body) return;
    setConflict(null);
    program.mutate(
      { body },
      {
        onSuccess: (answer) => {
          setResult(answer);
          form.setFieldValue('text', '');
          textRef.current?.focus();
        },
        onError: (error) => setConflict(isApiError(error) && error.status === 409 ? error.message : null),
      },
    );
  };

  const canWrite = can('program_tags') && productId !== undefined && parsed.codes.length > 0 && parsed.invalid === 0;

  return (
    <>
      <PageHeader title={t('menu.programmer')} />
      <Card variant="borderless" className="panel-card">
        <ProgrammingTasks onPick={(id) => form.setFieldValue('product_id', id)} />
        <ContractForm form={form} onFinish={submit} className="programmer">
          <Form.Item name="product_id" label={t('fields.product')} required extra={t('tags.programmer.product_hint')}>
            <ProductPicker status="active" isForProgrammer size="large" />
          </Form.Item>
          {/* Server errors on `codes` belong to the text box the codes come from. */}
          <Form.Item name="codes" hidden>
            <Input />
          </Form.Item>
          <Form.Item
            name="text"
            label={t('tags.programmer.codes')}
            extra={t('tags.programmer.codes_hint')}
            validateStatus={parsed.invalid > 0 ? 'error' : undefined}
            help={parsed.invalid > 0 ? t('tags.programmer.invalid', { count: parsed.invalid }) : undefined}
          >
            <Input.TextArea
              ref={textRef}
              autoSize={{ minRows: 6, maxRows: 14 }}
              spellCheck={false}
              autoComplete="off"
              onChange={() => setResult(null)}
            />
          </Form.Item>
          <div aria-live="polite" className="muted" style={{ fontSize: 14 }}>
            {t('tags.programmer.count', { count: parsed.codes.length })}
            {parsed.duplicates > 0 && ` · ${t('tags.programmer.duplicates', { count: parsed.duplicates })}`}
          </div>
          <CodePreview entries={parsed.entries} taken={taken} />
          {conflict && <Alert type="error" showIcon title={conflict} />}
          {result && (
            <Alert
              type="success"
              showIcon
              title={t('tags.programmer.done', { count: result.created })}
              description={
                <>
                  {t('tags.programmer.store_up_to', { date: formatDateUtc(result.store_up_to) })}{' '}
                  <Link to={`/product/storage?product_id=${productId ?? ''}`}>
                    {t('tags.programmer.open_batch', { id: result.batch_id })}
                  </Link>
                  {' · '}
                  <Link to={`/product/tags?batch_id=${result.batch_id}`}>{t('tags.programmer.open_tags')}</Link>
                </>
              }
            />
          )}
          <div>
            <Button type="primary" size="large" htmlType="submit" disabled={!canWrite} loading={program.isPending}>
              {t('tags.programmer.write', { count: parsed.codes.length })}
            </Button>
          </div>
        </ContractForm>
      </Card>
    </>
  );
}
