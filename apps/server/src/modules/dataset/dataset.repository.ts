import type { DatasetFileType, DatasetTag, TDatasetFile } from '@vitrina/contract';
import { and, arrayContains, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { datasetFiles } from '../../db/schema/index.js';
import { fileUrl } from '../../lib/storage.js';

export type DatasetFilters = {
  /** The caller's organisations; null: every organisation. */
  orgIds: number[] | null;
  orgId?: number | undefined;
  tag?: DatasetTag | undefined;
  type?: DatasetFileType | undefined;
};

export type DatasetRow = typeof datasetFiles.$inferSelect;

export function toDatasetFile(row: DatasetRow): TDatasetFile {
  return {
    id: row.id,
    org_id: row.orgId,
    type: row.type,
    tags: row.tags as DatasetTag[],
    url: fileUrl(row.fileKey)!,
    thumb_url: fileUrl(row.thumbKey),
    original_name: row.originalName,
    size: row.size,
    mime_type: row.mimeType,
    created_at: row.createdAt.toISOString(),
  };
}

function whereOf(filters: DatasetFilters): SQL | undefined {
  return and(
    filters.orgIds === null ? undefined : inArray(datasetFiles.orgId, filters.orgIds),
    filters.orgId === undefined ? undefined : eq(datasetFiles.orgId, filters.orgId),
    // `tags @> {tag}` is what the GIN index on tags serves.
    filters.tag === undefined ? undefined : arrayContains(datasetFiles.tags, [filters.tag]),
    filters.type === undefined ? undefined : eq(datasetFiles.type, filters.type),
  );
}

export async function listDatasetFiles(db: Db, filters: DatasetFilters, page: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(datasetFiles)
    .where(whereOf(filters))
    .orderBy(desc(datasetFiles.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toDatasetFile);
}

export async function countDatasetFiles(db: Db, filters: DatasetFilters): Promise<number> {
  const [row] = await db.select({ count: count() }).from(datasetFiles).where(whereOf(filters));
  return row?.count ?? 0;
}

export async function findDatasetFile(db: Db, id: number): Promise<DatasetRow | null> {
  const [row] = await db.select().from(datasetFiles).where(eq(datasetFiles.id, id));
  return row ?? null;
}

export async function insertDatasetFile(db: Db, values: typeof datasetFiles.$inferInsert): Promise<DatasetRow> {
  const [row] = await db.insert(datasetFiles).values(values).returning();
  return row!;
}

export async function updateDatasetTags(db: Db, id: number, tags: DatasetTag[]): Promise<DatasetRow> {
  const [row] = await db.update(datasetFiles).set({ tags }).where(eq(datasetFiles.id, id)).returning();
  return row!;
}

export async function deleteDatasetFile(db: Db, id: number): Promise<void> {
  await db.delete(datasetFiles).where(eq(datasetFiles.id, id));
}
