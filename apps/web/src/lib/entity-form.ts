import type { Endpoint, EndpointResponse } from '@vitrina/contract';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointInput, useEndpointMutation } from './endpoint-query';
import { applyServerErrors } from './form-errors';
import { getMessage } from './notify';
import { useLocale } from './use-locale';
import { parseForm, type Schema } from './zod-form';

type BodyEndpoint = Endpoint & { method: 'POST'; body: Schema<unknown> };

type Options<C extends BodyEndpoint, U extends BodyEndpoint> = {
  /** The form's instance, made by the caller with its values' type: `Form.useForm<Values>()`. */
  form: FormInstance;
  create: C;
  update: U;
  /** The entity being edited; null to create one. */
  id: number | null;
  /** Areas besides the endpoints' own to refresh after a save. */
  alsoInvalidates?: string[];
  onSaved: (answer: EndpointResponse<C> | EndpointResponse<U>) => void;
};

/**
 * The controller of a create/edit form: the form instance, validation with the endpoint's
 * own body schema (messages in the user's locale), the create or update call, the server's
 * field errors back on the form, and the "saved" notice.
 */
export function useEntityForm<C extends BodyEndpoint, U extends BodyEndpoint>(options: Options<C, U>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { form } = options;
  const create = useEndpointMutation(options.create, { alsoInvalidates: options.alsoInvalidates });
  const update = useEndpointMutation(options.update, { alsoInvalidates: options.alsoInvalidates });
  const isEdit = options.id !== null;

  const handlers = {
    onSuccess: (answer: EndpointResponse<C> | EndpointResponse<U>) => {
      getMessage().success(t('common.saved'));
      options.onSaved(answer);
    },
    onError: (error: unknown) => applyServerErrors(form, error),
  };

  /** Validates `values` (already shaped like the request body) and sends them. */
  const save = (values: unknown) => {
    const endpoint = options.id === null ? options.create : options.update;
    const body = parseForm({ schema: endpoint.body, values, form, locale, t });
    if (body === null) return;
    if (options.id === null) create.mutate(endpointInput<C>({ body }), handlers);
    else update.mutate(endpointInput<U>({ params: { id: options.id }, body }), handlers);
  };

  return { isEdit, save, isSaving: create.isPending || update.isPending };
}
