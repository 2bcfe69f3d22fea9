import type { DatasetTag, TDatasetFile } from '@vitrina/contract';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { newStorageKey } from '../../lib/storage.js';
import { writeAudit } from '../audit/index.js';
import * as repo from './dataset.repository.js';

/**
 * A door session's evidence as a training example: what each sensor saw, the
 * disagreement and the operator's corrected count, as one JSON document beside the camera's
 * images and videos. `alongside` runs in the same database transaction as the dataset row
 * (the sale marks itself sent), so the two are written together or not at all.
 */
export async function addSessionEvidence(
  ctx: ServiceContext,
  actor: UserActor,
  evidence: { orgId: number; name: string; document: unknown; tags: DatasetTag[] },
  alongside: (tx: Db) => Promise<void>,
): Promise<TDatasetFile> {
  const bytes = Buffer.from(`${JSON.stringify(evidence.document, null, 2)}\n`);
  const fileKey = newStorageKey('dataset', 'json');
  await ctx.storage.put(fileKey, bytes);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await alongside(tx);
      const inserted = await repo.insertDatasetFile(tx, {
        orgId: evidence.orgId,
        type: 'session',
        tags: [...new Set(evidence.tags)],
        fileKey,
        thumbKey: null,
        originalName: evidence.name,
        size: bytes.length,
        mimeType: 'application/json',
        createdBy: actor.userId,
      });
      await writeAudit(tx, actor, {
        action: 'create',
        entity: 'dataset_file',
        entityId: inserted.id,
        orgId: evidence.orgId,
        after: repo.toDatasetFile(inserted),
      });
      return inserted;
    });
    return repo.toDatasetFile(row);
  } catch (error) {
    // No row points at the file, so nothing would ever delete it.
    await ctx.storage.delete(fileKey).catch(() => undefined);
    throw error;
  }
}
