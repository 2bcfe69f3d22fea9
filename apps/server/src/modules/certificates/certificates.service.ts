import {
  type TCertificate,
  type TCertificateList,
  type TPublicCertificate,
  type UploadMimeType,
  ZCertificateFields,
  type ZListCertificatesQuery,
  type ZUpdateCertificate,
} from '@vitrina/contract';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import type { Db } from '../../db/client.js';
import { certificates } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, notFound, RequestValidationError } from '../../lib/errors.js';
import { escapeLike, isUniqueViolation } from '../../lib/sql.js';
import { fileUrl, newStorageKey } from '../../lib/storage.js';
import type { Upload } from '../../lib/uploads.js';
import { writeAudit } from '../audit/index.js';

type Row = typeof certificates.$inferSelect;
type ListQuery = z.output<typeof ZListCertificatesQuery>;

const EXTENSIONS: Partial<Record<UploadMimeType, 'pdf' | 'jpg' | 'png' | 'webp'>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
export const CERTIFICATE_FILE_TYPES = Object.keys(EXTENSIONS) as UploadMimeType[];

const today = (now: Date) => now.toISOString().slice(0, 10);
/** Past its active-to day (UTC): the day itself still counts. */
const isExpired = (row: Row, now: Date) => row.activeTo !== null && row.activeTo < today(now);

const toView = (row: Row, now: Date): TCertificate => ({
  id: row.id,
  org_id: row.orgId,
  title: row.title,
  region: row.region,
  active_to: row.activeTo,
  slug: row.slug,
  file_url: fileUrl(row.fileKey)!,
  file_type: row.fileType,
  file_name: row.fileName,
  is_expired: isExpired(row, now),
  created_at: row.createdAt.toISOString(),
});

/** A slug from a title: ASCII letters and digits, hyphen-joined (`Food safety 2026` → `food-safety-2026`). */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'certificate';
}

const slugTaken = () => new AppError(409, 'certificate.slug_taken', {}, { slug: 'certificate.slug_taken' });

/** The slug asked for (409 when taken), or one made from the title, made unique with a number. */
async function freeSlug(db: Db, asked: string | undefined, title: string, exceptId?: number): Promise<string> {
  const taken = async (slug: string) => {
    const [row] = await db.select({ id: certificates.id }).from(certificates).where(eq(certificates.slug, slug));
    return row !== undefined && row.id !== exceptId;
  };
  if (asked !== undefined) {
    if (await taken(asked)) throw slugTaken();
    return asked;
  }
  const base = slugOf(title);
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(slug))) return slug;
  }
}

function whereOf(actor: UserActor, query: ListQuery): SQL | undefined {
  const ids = actor.scope.visibleIds;
  return and(
    ids === null ? undefined : inArray(certificates.orgId, ids),
    query.org_id === undefined ? undefined : eq(certificates.orgId, query.org_id),
    query.region === undefined ? undefined : eq(certificates.region, query.region),
    query.q ? ilike(certificates.title, `%${escapeLike(query.q)}%`) : undefined,
  );
}

export async function listCertificates(
  ctx: ServiceContext,
  actor: UserActor,
  query: ListQuery,
): Promise<TCertificateList> {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  const where = whereOf(actor, query);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(certificates)
      .where(where)
      .orderBy(asc(certificates.title), asc(certificates.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db.select({ total: count() }).from(certificates).where(where),
  ]);
  const now = ctx.clock.now();
  return { items: rows.map((row) => toView(row, now)), total: total?.total ?? 0 };
}

async function editable(ctx: ServiceContext, actor: UserActor, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(certificates).where(eq(certificates.id, id));
  if (!row || !actor.scope.canSee(row.orgId)) throw notFound();
  actor.scope.assertEditable(row.orgId);
  return row;
}

async function storeFile(ctx: ServiceContext, upload: Upload) {
  const extension = EXTENSIONS[upload.mimeType]!;
  const key = newStorageKey('certificates', extension);
  await ctx.storage.put(key, upload.bytes);
  return { fileKey: key, fileType: upload.mimeType, fileName: upload.filename };
}

export async function createCertificate(ctx: ServiceContext, actor: UserActor, upload: Upload): Promise<TCertificate> {
  const parsed = safeParse(ZCertificateFields, upload.fields, { reportInput: true });
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues, 'body');
  const fields = parsed.data;
  const orgId = fields.org_id ?? actor.orgId;
  actor.scope.assertEditable(orgId);
  const file = await storeFile(ctx, upload);
  const row = await ctx.db
    .transaction(async (tx) => {
      const slug = await freeSlug(tx, fields.slug, fields.title);
      const [inserted] = await tx
        .insert(certificates)
        .values({ orgId, title: fields.title, region: fields.region, activeTo: fields.active_to, slug, ...file })
        .returning();
      await writeAudit(tx, actor, {
        action: 'create',
        entity: 'certificate',
        entityId: inserted!.id,
        orgId,
        after: { ...fields, slug },
      });
      return inserted!;
    })
    .catch(async (error: unknown) => {
      // Nothing is half-written: a refused row takes its stored file with it.
      await ctx.storage.delete(file.fileKey);
      throw isUniqueViolation(error) ? slugTaken() : error;
    });
  return toView(row, ctx.clock.now());
}

export async function updateCertificate(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: z.output<typeof ZUpdateCertificate>,
): Promise<TCertificate> {
  const before = await editable(ctx, actor, id);
  const row = await ctx.db
    .transaction(async (tx) => {
      const slug = await freeSlug(tx, body.slug ?? before.slug, body.title, id);
      const [updated] = await tx
        .update(certificates)
        .set({ title: body.title, region: body.region, activeTo: body.active_to, slug, updatedAt: ctx.clock.now() })
        .where(eq(certificates.id, id))
        .returning();
      await writeAudit(tx, actor, {
        action: 'update',
        entity: 'certificate',
        entityId: id,
        orgId: before.orgId,
        before,
        after: body,
      });
      return updated!;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? slugTaken() : error;
    });
  return toView(row, ctx.clock.now());
}

export async function replaceFile(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  upload: Upload,
): Promise<TCertificate> {
  const before = await editable(ctx, actor, id);
  const file = await storeFile(ctx, upload);
  const [row] = await ctx.db
    .update(certificates)
    .set({ ...file, updatedAt: ctx.clock.now() })
    .where(eq(certificates.id, id))
    .returning();
  await writeAudit(ctx.db, actor, {
    action: 'replace_file',
    entity: 'certificate',
    entityId: id,
    orgId: before.orgId,
    after: { file_name: file.fileName },
  });
  await ctx.storage.delete(before.fileKey);
  return toView(row!, ctx.clock.now());
}

export async function deleteCertificate(ctx: ServiceContext, actor: UserActor, id: number) {
  const before = await editable(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(certificates).where(eq(certificates.id, id));
    await writeAudit(tx, actor, { action: 'delete', entity: 'certificate', entityId: id, orgId: before.orgId, before });
  });
  await ctx.storage.delete(before.fileKey);
}

/** The public page: an active certificate by slug; expired and unknown ones answer the same 404. */
export async function publicCertificate(ctx: ServiceContext, slug: string): Promise<TPublicCertificate> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.slug, slug),
        sql`(${certificates.activeTo} IS NULL OR ${certificates.activeTo} >= ${today(now)}::date)`,
      ),
    );
  if (!row) throw notFound();
  const view = toView(row, now);
  return {
    title: view.title,
    region: view.region,
    active_to: view.active_to,
    file_url: view.file_url,
    file_type: view.file_type,
    file_name: view.file_name,
  };
}
