import type { Endpoint, EndpointInput } from '@vitrina/contract';

/**
 * A form's values, typed from the endpoint the form sends them to: its request body as the
 * client sends it (the input of the body schema). A form whose controls hold something else
 * (a date picker's Dayjs, money in major units, a field the body does not carry) says so with
 * Omit and its own fields beside the derived ones.
 */
export type FormValues<E extends Endpoint> = NonNullable<EndpointInput<E>['body']>;
