import {
  IMAGE_MIME_TYPES,
  ZCopyProducts,
  ZCopyResult,
  ZCreateProduct,
  ZIdParam,
  ZListProductsQuery,
  ZProductHistory,
  ZProductInfo,
  ZProductList,
  ZProductRating,
  ZProductRatingQuery,
  ZProductStatusChange,
  ZUpdated,
  ZUpdateProduct,
} from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../lib/context.js';
import { errorResponses } from '../../lib/responses.js';
import { actorOf } from '../../plugins/auth.js';
import { readUpload } from '../../plugins/multipart.js';
import { copyProducts } from './product-copy.service.js';
import { deleteImage, uploadImage } from './product-image.service.js';
import { productRating } from './product-rating.service.js';
import * as products from './products.service.js';

const tags = ['products'];
const view = ['show_products_page'] as const;
const edit = ['edit_products'] as const;
const uploadResponses = { 200: ZProductInfo, ...errorResponses, 413: errorResponses[400] } as const;

export async function productRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/product/list',
    {
      config: { permissions: view },
      schema: {
        tags,
        summary: 'Products of the visible organisations; archived ones only with status=archived',
        querystring: ZListProductsQuery,
        response: { 200: ZProductList, ...errorResponses },
      },
    },
    (request) => products.listProducts(ctx, actorOf(request), request.query),
  );

  app.get(
    '/v1/product/rating',
    {
      config: { permissions: ['show_product_rating_page'] },
      schema: {
        tags,
        summary: 'Votes, likes and dislikes per product within a period',
        querystring: ZProductRatingQuery,
        response: { 200: ZProductRating, ...errorResponses },
      },
    },
    (request) => productRating(ctx, actorOf(request), request.query),
  );

  app.get(
    '/v1/product/info/:id',
    {
      config: { permissions: view },
      schema: { tags, params: ZIdParam, response: { 200: ZProductInfo, ...errorResponses } },
    },
    (request) => products.getProduct(ctx, actorOf(request), request.params.id),
  );

  app.get(
    '/v1/product/history/:id',
    {
      config: { permissions: view },
      schema: {
        tags,
        summary: 'Changes of a product, newest first',
        params: ZIdParam,
        response: { 200: ZProductHistory, ...errorResponses },
      },
    },
    (request) => products.productHistory(ctx, actorOf(request), request.params.id),
  );

  app.post(
    '/v1/product/create',
    {
      config: { permissions: edit },
      schema: { tags, body: ZCreateProduct, response: { 200: ZProductInfo, ...errorResponses } },
    },
    (request) => products.createProduct(ctx, actorOf(request), request.body),
  );

  app.post(
    '/v1/product/update/:id',
    {
      config: { permissions: edit },
      schema: {
        tags,
        summary: 'Change the fields sent; the others keep their values',
        params: ZIdParam,
        body: ZUpdateProduct,
        response: { 200: ZProductInfo, ...errorResponses },
      },
    },
    (request) => products.updateProduct(ctx, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/v1/product/status',
    {
      config: { permissions: edit },
      schema: {
        tags,
        summary: 'Move several products to one status, all or none',
        body: ZProductStatusChange,
        response: { 200: ZUpdated, ...errorResponses },
      },
    },
    (request) => products.changeStatus(ctx, actorOf(request), request.body),
  );

  app.post(
    '/v1/product/copy',
    {
      config: { permissions: ['copy_products'] },
      schema: {
        tags,
        summary: 'Copy makers’ products into other organisations, matching makers and categories by name',
        body: ZCopyProducts,
        response: { 200: ZCopyResult, ...errorResponses },
      },
    },
    (request) => copyProducts(ctx, actorOf(request), request.body),
  );

  app.post(
    '/v1/product/image/:id',
    {
      config: { permissions: edit },
      schema: {
        tags,
        summary: 'Set the product image: multipart field `file`, JPEG, PNG or WebP under 2 MB',
        consumes: ['multipart/form-data'],
        params: ZIdParam,
        response: uploadResponses,
      },
    },
    async (request) => {
      const upload = await readUpload(request, {
        accept: IMAGE_MIME_TYPES,
        tooLarge: 'upload.image_too_large',
        wrongType: 'upload.not_image',
      });
      return uploadImage(ctx, actorOf(request), request.params.id, upload);
    },
  );

  app.post(
    '/v1/product/image/delete/:id',
    {
      config: { permissions: edit },
      schema: {
        tags,
        summary: 'Remove the product image',
        params: ZIdParam,
        response: { 200: ZProductInfo, ...errorResponses },
      },
    },
    (request) => deleteImage(ctx, actorOf(request), request.params.id),
  );
}
