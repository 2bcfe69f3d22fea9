import type { Endpoint, EndpointInput, EndpointResponse } from '@vitrina/contract';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointInput, useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import { getMessage } from '../../../lib/notify';
import { useLocale } from '../../../lib/use-locale';
import { parseForm, type Schema } from '../../../lib/zod-form';

type CreateEndpoint = Endpoint & { method: 'POST'; body: Schema<unknown> };

type Options<E extends CreateEndpoint> = {
  /** The path params of the call: the micromarket the row belongs to. */
  params?: EndpointInput<E>['params'];
  /**
   * The add row's form: what it sends is checked with the endpoint's body schema first, the
   * server's field errors land on its fields, and it is emptied after a success. Without a
   * form the body is sent as given (a row of plain controls built it).
   */
  form?: FormInstance;
  /** The toast after a success; the general "saved" when omitted, none with false. */
  notice?: string | false;
  /** The form keeps what was entered after a success (the next link is often of the same kind). */
  isKeepingValues?: boolean;
  /** After a success, beside the toast and the reset. */
  onCreated?: (answer: EndpointResponse<E>) => void;
};

/** What one add of a row does, with its collaborators passed in (the hook gives the real ones). */
export type InlineCreateSteps<B, A> = {
  /** Checks the row's values; null when the form now shows what is wrong. */
  parse: (values: unknown) => B | null;
  send: (body: B, handlers: { onSuccess: (answer: A) => void; onError?: (error: unknown) => void }) => void;
  notify?: () => void;
  reset?: () => void;
  showErrors?: (error: unknown) => void;
  onCreated?: (answer: A) => void;
};

/**
 * The add row of a card tab: check, send, then the toast, the empty row and the caller's
 * follow-up; a refusal goes back onto the row's fields. The list refreshes by the mutation's
 * own invalidation of the endpoint's area.
 */
export function runInlineCreate<B, A>(steps: InlineCreateSteps<B, A>, values: unknown): boolean {
  const body = steps.parse(values);
  if (body === null) return false;
  steps.send(body, {
    onSuccess: (answer) => {
      steps.notify?.();
      steps.reset?.();
      steps.onCreated?.(answer);
    },
    ...(steps.showErrors ? { onError: steps.showErrors } : {}),
  });
  return true;
}

/**
 * The inline create shared by the card tabs that add a row in place (discounts, prices, open
 * links, wishes): `create(values)` with values shaped like the endpoint's body.
 */
export function useInlineCreate<E extends CreateEndpoint>(endpoint: E, options: Options<E> = {}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mutation = useEndpointMutation(endpoint);
  const { form, notice, isKeepingValues, onCreated, params } = options;

  const create = (values: unknown) =>
    runInlineCreate<unknown, EndpointResponse<E>>(
      {
        parse: (input) => (form ? parseForm({ schema: endpoint.body, values: input, form, locale, t }) : input),
        send: (body, handlers) => mutation.mutate(endpointInput<E>({ params: params ?? undefined, body }), handlers),
        notify: notice === false ? undefined : () => getMessage().success(notice ?? t('common.saved')),
        reset: form && !isKeepingValues ? () => form.resetFields() : undefined,
        showErrors: form ? (error) => applyServerErrors(form, error) : undefined,
        onCreated,
      },
      values,
    );

  return { create, isPending: mutation.isPending };
}
