import { api, IMAGE_MIME_TYPES } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { readUpload } from '../../plugins/multipart.js';
import { copyProducts } from './product-copy.service.js';
import { exportProducts } from './product-export.js';
import { deleteImage, uploadImage } from './product-image.service.js';
import { productRating } from './product-rating.service.js';
import * as products from './products.service.js';

export async function productRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.product.list, ({ actor, query }) => products.listProducts(ctx, actor, query));
  registerEndpoint(app, api.product.export, ({ actor, query }) => exportProducts(ctx, actor, query));
  registerEndpoint(app, api.product.rating, ({ actor, query }) => productRating(ctx, actor, query));
  registerEndpoint(app, api.product.info, ({ actor, params }) => products.getProduct(ctx, actor, params.id));
  registerEndpoint(app, api.product.history, ({ actor, params }) => products.productHistory(ctx, actor, params.id));
  registerEndpoint(app, api.product.create, ({ actor, body }) => products.createProduct(ctx, actor, body));
  registerEndpoint(app, api.product.update, ({ actor, params, body }) =>
    products.updateProduct(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.product.status, ({ actor, body }) => products.changeStatus(ctx, actor, body));
  registerEndpoint(app, api.product.copy, ({ actor, body }) => copyProducts(ctx, actor, body));

  // The route reads the file (413 while reading past the limit); the service gets bytes.
  registerEndpoint(app, api.product.uploadImage, async ({ actor, params, request }) => {
    const upload = await readUpload(request, {
      accept: IMAGE_MIME_TYPES,
      tooLarge: 'upload.image_too_large',
      wrongType: 'upload.not_image',
    });
    return uploadImage(ctx, actor, params.id, upload);
  });

  registerEndpoint(app, api.product.deleteImage, ({ actor, params }) => deleteImage(ctx, actor, params.id));
}
