import type { AreaExamples } from '../endpoint.js';
import type { api } from './index.js';
import {
  SUPPORT_PERSON_OPTIONS_EXAMPLE,
  SUPPORT_THREAD_CARD_EXAMPLE,
  SUPPORT_THREAD_EXAMPLE,
  SUPPORT_THREAD_LIST_EXAMPLE,
} from './shared.examples.js';

export const supportExamples: AreaExamples<(typeof api)['support']> = {
  list: SUPPORT_THREAD_LIST_EXAMPLE,
  info: SUPPORT_THREAD_CARD_EXAMPLE,
  create: SUPPORT_THREAD_EXAMPLE,
  comment: SUPPORT_THREAD_CARD_EXAMPLE,
  attach: SUPPORT_THREAD_CARD_EXAMPLE,
  take: SUPPORT_THREAD_EXAMPLE,
  return: SUPPORT_THREAD_EXAMPLE,
  resolve: SUPPORT_THREAD_EXAMPLE,
  customers: SUPPORT_PERSON_OPTIONS_EXAMPLE,
  micromarkets: SUPPORT_PERSON_OPTIONS_EXAMPLE,
};

export const ticketExamples: AreaExamples<(typeof api)['ticket']> = {
  list: SUPPORT_THREAD_LIST_EXAMPLE,
  info: SUPPORT_THREAD_CARD_EXAMPLE,
  create: SUPPORT_THREAD_EXAMPLE,
  comment: SUPPORT_THREAD_CARD_EXAMPLE,
  attach: SUPPORT_THREAD_CARD_EXAMPLE,
  take: SUPPORT_THREAD_EXAMPLE,
  return: SUPPORT_THREAD_EXAMPLE,
  resolve: SUPPORT_THREAD_EXAMPLE,
  cancel: SUPPORT_THREAD_EXAMPLE,
  reject: SUPPORT_THREAD_EXAMPLE,
  update: SUPPORT_THREAD_EXAMPLE,
  assignees: SUPPORT_PERSON_OPTIONS_EXAMPLE,
};
