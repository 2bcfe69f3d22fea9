import type { TProductInfo } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { encodeImage, imageUploadError } from '../../lib/images.js';
import { newStorageKey } from '../../lib/storage.js';
import type { Upload } from '../../lib/uploads.js';
import { writeAudit } from '../audit/index.js';
import * as repo from './products.repository.js';
import { getProduct, visibleProductRow } from './products.service.js';

type Keys = { imageKey: string | null; thumbKey: string | null };

async function encode(bytes: Buffer): Promise<{ image: Buffer; thumb: Buffer }> {
  const { image, thumb } = await encodeImage(bytes, { keepImage: true }).catch((error: unknown) => {
    throw imageUploadError(error, 'upload.not_image');
  });
  if (!image) throw new AppError(400, 'upload.not_image', {}, { file: 'upload.not_image' });
  return { image, thumb };
}

async function removeFiles(ctx: ServiceContext, keys: Keys) {
  for (const key of [keys.imageKey, keys.thumbKey]) {
    if (key) await ctx.storage.delete(key);
  }
}

/** Points the product at new files (or none), then removes the old ones once that is committed. */
async function replaceImage(
  ctx: ServiceContext,
  actor: UserActor,
  product: { id: number; orgId: number } & Keys,
  next: Keys,
) {
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.updateProductRow(tx, product.id, next, ctx.clock.now());
      await writeAudit(tx, actor, {
        action: next.imageKey ? 'image' : 'image_delete',
        entity: 'product',
        entityId: product.id,
        orgId: product.orgId,
        before: { image_key: product.imageKey },
        after: { image_key: next.imageKey },
      });
    });
  } catch (error) {
    await removeFiles(ctx, next);
    throw error;
  }
  await removeFiles(ctx, product);
}

export async function uploadImage(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  upload: Upload,
): Promise<TProductInfo> {
  const product = await visibleProductRow(ctx, actor, id);
  actor.scope.assertEditable(product.orgId);
  const { image, thumb } = await encode(upload.bytes);
  const next = { imageKey: newStorageKey('products', 'webp'), thumbKey: newStorageKey('products', 'webp') };
  await ctx.storage.put(next.imageKey, image);
  await ctx.storage.put(next.thumbKey, thumb);
  await replaceImage(ctx, actor, product, next);
  return getProduct(ctx, actor, id);
}

export async function deleteImage(ctx: ServiceContext, actor: UserActor, id: number): Promise<TProductInfo> {
  const product = await visibleProductRow(ctx, actor, id);
  actor.scope.assertEditable(product.orgId);
  if (product.imageKey || product.thumbKey) {
    await replaceImage(ctx, actor, product, { imageKey: null, thumbKey: null });
  }
  return getProduct(ctx, actor, id);
}
