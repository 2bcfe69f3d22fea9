import { ZErrorResponse } from '@vitrina/contract';

/** The error answers every authenticated route may give, declared so OpenAPI lists them. */
export const errorResponses = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
} as const;
