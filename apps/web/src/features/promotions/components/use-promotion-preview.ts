import { api, type TBonusPromotionPreview } from '@vitrina/contract';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import { bodyOf, type PromotionValues } from './promotion-values';

/**
 * The preview of what the form holds now, saved or not: `orgId` is the saved promotion's
 * organisation, used when the form has none of its own (an edit does not send it).
 */
export function usePromotionPreview(form: FormInstance<PromotionValues>, orgId: number | undefined) {
  const previewCall = useEndpointMutation(api.bonusPromotion.preview);
  const [preview, setPreview] = useState<TBonusPromotionPreview | null>(null);
  const run = () => {
    const values = form.getFieldsValue(true) as PromotionValues;
    previewCall.mutate(
      { body: bodyOf({ ...values, org_id: values.org_id ?? orgId }, false) as never },
      { onSuccess: setPreview, onError: (error) => applyServerErrors(form, error) },
    );
  };
  return { preview, run, isPending: previewCall.isPending };
}
