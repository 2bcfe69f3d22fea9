import { defineEndpoint } from '../endpoint.js';
import {
  ZBonusPromotion,
  ZBonusPromotionList,
  ZBonusPromotionPreview,
  ZCreateBonusPromotion,
  ZListBonusPromotionsQuery,
  ZUpdateBonusPromotion,
} from '../resources/bonus-promotion.js';
import { ZIdParam } from '../resources/common.js';

const tag = 'bonus-promotions';
/** §2: one permission gates the promotions screens; a view-only organisation's rows stay read-only. */
const permissions = ['show_bonus_trigger_page'] as const;

export const bonusPromotionApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/bonus-promotion/list',
    tag,
    summary: 'Bonus promotions of the visible organisations, active or inactive',
    permissions,
    query: ZListBonusPromotionsQuery,
    response: ZBonusPromotionList,
    errors: [404],
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/v1/bonus-promotion/info/:id',
    summary: 'A bonus promotion',
    tag,
    permissions,
    params: ZIdParam,
    response: ZBonusPromotion,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/bonus-promotion/create',
    tag,
    summary: 'Create a bonus promotion in org_id, or in the caller’s organisation',
    permissions,
    body: ZCreateBonusPromotion,
    response: ZBonusPromotion,
    errors: [404],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/v1/bonus-promotion/update/:id',
    tag,
    summary: 'Change an active promotion (all fields)',
    permissions,
    params: ZIdParam,
    body: ZUpdateBonusPromotion,
    response: ZBonusPromotion,
    errors: [409],
  }),
  close: defineEndpoint({
    method: 'POST',
    path: '/v1/bonus-promotion/close/:id',
    tag,
    summary: 'Close an active promotion: it pays nothing from now on',
    permissions,
    params: ZIdParam,
    response: ZBonusPromotion,
    errors: [409],
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/v1/bonus-promotion/preview',
    tag,
    summary: 'Customers a promotion (as filled in) would reach and what it would have paid over the last 30 days',
    permissions,
    body: ZCreateBonusPromotion,
    response: ZBonusPromotionPreview,
    errors: [404],
  }),
};
