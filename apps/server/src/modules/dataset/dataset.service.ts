import {
  type TDatasetFile,
  type TDatasetList,
  type UploadMimeType,
  ZDatasetUploadFields,
  type ZListDatasetQuery,
  type ZUpdateDatasetFile,
} from '@vitrina/contract';
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound, RequestValidationError } from '../../lib/errors.js';
import { encodeImage, imageUploadError } from '../../lib/images.js';
import { newStorageKey } from '../../lib/storage.js';
import type { Upload } from '../../lib/uploads.js';
import { writeAudit } from '../audit/index.js';
import * as repo from './dataset.repository.js';

type ListQuery = z.output<typeof ZListDatasetQuery>;
type UpdateBody = z.output<typeof ZUpdateDatasetFile>;

const FOLDER = 'dataset';
const EXTENSIONS = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
} as const satisfies Record<Exclude<UploadMimeType, 'application/pdf'>, string>;

export async function listDatasetFiles(ctx: ServiceContext, actor: UserActor, query: ListQuery): Promise<TDatasetList> {
  const filters: repo.DatasetFilters = {
    orgIds: actor.scope.visibleIds,
    orgId: query.org_id,
    tag: query.tag,
    type: query.type,
  };
  const [items, total] = await Promise.all([
    repo.listDatasetFiles(ctx.db, filters, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
    repo.countDatasetFiles(ctx.db, filters),
  ]);
  return { items, total };
}

async function editableRow(ctx: ServiceContext, actor: UserActor, id: number): Promise<repo.DatasetRow> {
  const row = await repo.findDatasetFile(ctx.db, id);
  if (!row || !actor.scope.canSee(row.orgId)) throw notFound();
  actor.scope.assertEditable(row.orgId);
  return row;
}

/** A file whose first bytes say image but which no decoder can read is not a dataset file either. */
async function thumbnailOf(bytes: Buffer): Promise<Buffer> {
  const { thumb } = await encodeImage(bytes, { keepImage: false }).catch((error: unknown) => {
    throw imageUploadError(error, 'upload.not_dataset_file');
  });
  return thumb;
}

/**
 * Images are kept as uploaded (the dataset trains on the camera's own pixels) with a WebP
 * thumbnail for the list; videos are kept without one.
 */
export async function uploadDatasetFile(ctx: ServiceContext, actor: UserActor, upload: Upload): Promise<TDatasetFile> {
  const parsed = safeParse(ZDatasetUploadFields, upload.fields, { reportInput: true });
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues, 'body');
  const orgId = parsed.data.org_id ?? actor.orgId;
  actor.scope.assertEditable(orgId);

  const isVideo = upload.mimeType === 'video/mp4';
  const thumb = isVideo ? null : await thumbnailOf(upload.bytes);
  // The route accepts only the dataset's images and videos (DATASET_MIME_TYPES), never a PDF.
  const fileKey = newStorageKey(FOLDER, EXTENSIONS[upload.mimeType as keyof typeof EXTENSIONS]);
  const thumbKey = thumb ? newStorageKey(FOLDER, 'webp') : null;
  await ctx.storage.put(fileKey, upload.bytes);
  if (thumb && thumbKey) await ctx.storage.put(thumbKey, thumb);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await repo.insertDatasetFile(tx, {
        orgId,
        type: isVideo ? 'video' : 'image',
        tags: [...new Set(parsed.data.tags)],
        fileKey,
        thumbKey,
        originalName: upload.filename,
        size: upload.bytes.length,
        mimeType: upload.mimeType,
        createdBy: actor.userId,
      });
      await writeAudit(tx, actor, {
        action: 'create',
        entity: 'dataset_file',
        entityId: inserted.id,
        orgId,
        after: repo.toDatasetFile(inserted),
      });
      return inserted;
    });
    return repo.toDatasetFile(row);
  } catch (error) {
    // No row points at the files, so nothing would ever delete them.
    await removeStoredFiles(ctx, [fileKey, thumbKey]);
    throw error;
  }
}

export async function updateDatasetFile(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: UpdateBody,
): Promise<TDatasetFile> {
  const before = await editableRow(ctx, actor, id);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repo.updateDatasetTags(tx, id, [...new Set(body.tags)]);
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'dataset_file',
      entityId: id,
      orgId: before.orgId,
      before: { tags: before.tags },
      after: { tags: updated.tags },
    });
    return updated;
  });
  return repo.toDatasetFile(row);
}

export async function deleteDatasetFile(ctx: ServiceContext, actor: UserActor, id: number): Promise<{ ok: true }> {
  const row = await editableRow(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await repo.deleteDatasetFile(tx, id);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'dataset_file',
      entityId: id,
      orgId: row.orgId,
      before: repo.toDatasetFile(row),
    });
  });
  // Files go only once the row is gone for good: a rolled-back delete keeps working links.
  await removeStoredFiles(ctx, [row.fileKey, row.thumbKey]);
  return { ok: true };
}

async function removeStoredFiles(ctx: ServiceContext, keys: (string | null)[]): Promise<void> {
  for (const key of keys) if (key) await ctx.storage.delete(key);
}
