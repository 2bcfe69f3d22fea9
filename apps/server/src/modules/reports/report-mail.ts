import {
  type Locale,
  type ReportGrouping,
  TRANSACTION_PAYMENT_TYPE,
  type TSalesReport,
  type TSalesTotals,
  translate,
} from '@vitrina/contract';
import { z } from 'zod';
import type { ServiceContext } from '../../lib/context.js';
import { defineJob } from '../../lib/job-kind.js';
import type { Mail } from '../../lib/mailer.js';
import { OrgScope } from '../../lib/org-scope.js';
import { exportTable } from '../../lib/table-export.js';
import { enqueueJob } from '../jobs/index.js';
import { latestDuePeriod } from './report-schedule.js';
import * as repo from './report-subscriptions.repository.js';
import { type ReportReader, SALES_COLUMNS, salesLines, salesReport } from './reports.service.js';

export const REPORT_SCHEDULE_JOB = 'reports.schedule';
export const REPORT_MAIL_JOB = 'reports.mail';
/** How often the schedule is checked: a report goes out at most this long after its hour. */
export const REPORT_SCHEDULE_EVERY_MS = 5 * 60_000;
export const reportScheduleJob = defineJob({ kind: REPORT_SCHEDULE_JOB, everyMs: REPORT_SCHEDULE_EVERY_MS });
/** A mail per due period of a subscription. */
export const reportMailJob = defineJob({
  kind: REPORT_MAIL_JOB,
  payload: z.object({ delivery_id: z.number().int().positive() }),
  backoff: { baseMs: 60_000 },
});
/** An inline mail lists at most this many rows per currency (the attachment holds them all). */
const INLINE_ROWS = 30;

const TAGS: Record<Locale, string> = { en: 'en-GB', ua: 'uk-UA', pl: 'pl-PL', it: 'it-IT', sk: 'sk-SK' };

function money(minor: number, currency: string, locale: Locale): string {
  try {
    return new Intl.NumberFormat(TAGS[locale], { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** The words of the inline figures, each a `report_mail.*` text. */
type ReportMailWord = 'nothing' | 'total' | 'revenue' | 'refunds' | 'margin' | 'sales' | 'items';

function labelOf(row: { key: string; label: string }, groupBy: ReportGrouping): string {
  if (groupBy !== 'payment_type') return row.label || row.key;
  return TRANSACTION_PAYMENT_TYPE.find((type) => String(type.code) === row.key)?.key ?? row.key;
}

/** The figures as text: per currency its totals, then its rows (never a sum across currencies). */
function inlineBody(report: TSalesReport, locale: Locale): string {
  const text = (key: ReportMailWord) => translate(`report_mail.${key}`, locale);
  if (report.totals.length === 0) return text('nothing');
  const totalLine = (total: TSalesTotals) =>
    `${text('total')} (${total.currency}): ${money(total.revenue, total.currency, locale)} ${text('revenue')}, ` +
    `${money(total.refunds, total.currency, locale)} ${text('refunds')}, ${money(total.margin, total.currency, locale)} ${text('margin')}; ` +
    `${total.sales} ${text('sales')}, ${total.items} ${text('items')}`;
  return report.totals
    .map((total) => {
      const rows = report.rows.filter((row) => row.currency === total.currency).slice(0, INLINE_ROWS);
      const lines = rows.map(
        (row, index) =>
          `${index + 1}. ${labelOf(row, report.group_by)}: ${money(row.revenue - row.refunds, row.currency, locale)} ` +
          `(${row.sales} ${text('sales')}, ${row.items} ${text('items')})`,
      );
      return [totalLine(total), ...lines].join('\n');
    })
    .join('\n\n');
}

/** Whoever the subscription belongs to, as they are now; null when they may no longer read reports. */
async function readerOf(ctx: ServiceContext, userId: number) {
  const recipient = await repo.findRecipient(ctx.db, userId);
  if (!recipient?.permissions.includes('show_report_page')) return null;
  const scope = recipient.permissions.includes('view_all_organizations')
    ? OrgScope.all(recipient.orgId)
    : OrgScope.of(recipient.orgId, recipient.links);
  const reader: ReportReader = { scope, currency: recipient.currency };
  return { recipient, reader };
}

/** The mail of one delivery, or null when its owner may no longer read what it covers. */
async function composeMail(ctx: ServiceContext, delivery: NonNullable<Awaited<ReturnType<typeof repo.findDelivery>>>) {
  const subscription = delivery.subscription;
  const owner = await readerOf(ctx, subscription.userId);
  if (!owner) return null;
  const { recipient, reader } = owner;
  // Organisations the owner no longer sees drop out; with none of the chosen left, nothing is sent.
  const chosen = subscription.orgIds.filter((id) => reader.scope.canSee(id));
  if (subscription.orgIds.length > 0 && chosen.length === 0) return null;
  const groupBy = subscription.groupBy as ReportGrouping;
  const report = await salesReport(
    ctx,
    reader,
    {
      from: delivery.periodStart,
      to: delivery.periodEnd,
      group_by: groupBy,
      sort: groupBy === 'day' ? 'key' : '-revenue',
      top: subscription.top ?? undefined,
    },
    chosen.length > 0 ? chosen : undefined,
  );
  const locale = recipient.lang;
  const period =
    delivery.periodStart === delivery.periodEnd
      ? delivery.periodStart
      : `${delivery.periodStart} – ${delivery.periodEnd}`;
  const link = `${ctx.publicUrl}/report/list?from=${delivery.periodStart}&to=${delivery.periodEnd}&group_by=${groupBy}`;
  const parts = [inlineBody(report, locale)];
  const mail: Mail = {
    to: recipient.email,
    subject: translate(`report_mail.subject.${subscription.frequency}`, locale, {
      grouping: translate(`report_mail.grouping.${groupBy}`, locale),
      period,
    }),
    body: '',
    orgId: recipient.orgId,
  };
  if (subscription.format !== 'inline') {
    const file = await exportTable({
      name: `sales-${groupBy}-${delivery.periodStart}-${delivery.periodEnd}`,
      format: subscription.format,
      columns: SALES_COLUMNS,
      rows: salesLines(report),
    });
    const content = typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body;
    mail.attachments = [{ filename: file.filename, contentType: file.contentType, content }];
    parts.push(translate('report_mail.attached', locale, { file: file.filename }));
  }
  parts.push(
    `${translate('report_mail.open', locale)}: ${link}`,
    `${translate('report_mail.manage', locale)}: ${ctx.publicUrl}/report/list?tab=schedules`,
  );
  mail.body = `${parts.join('\n\n')}\n`;
  return mail;
}

/**
 * Mails one delivery at most once: it is claimed (pending → sending) before the mail leaves
 * and marked sent after; a failure before the mail left hands it back (sending → pending) and
 * throws, so the job runner retries it. A crash between the mail and the mark leaves it in
 * `sending`, never mailed again: a lost mail is better than a doubled one.
 */
export async function sendReportDelivery(ctx: ServiceContext, deliveryId: number): Promise<void> {
  const delivery = await repo.findDelivery(ctx.db, deliveryId);
  if (delivery?.status !== 'pending') return;
  if (!(await repo.moveDelivery(ctx.db, deliveryId, 'pending', 'sending', ctx.clock.now()))) return;
  let mail: Mail | null;
  try {
    mail = await composeMail(ctx, delivery);
    if (mail) await ctx.mailer.send(mail);
  } catch (error) {
    await repo.moveDelivery(ctx.db, deliveryId, 'sending', 'pending', ctx.clock.now());
    throw error;
  }
  await repo.moveDelivery(ctx.db, deliveryId, 'sending', mail ? 'sent' : 'skipped', ctx.clock.now());
}

/**
 * Records each active subscription's latest due period once (the unique period key) and
 * queues its mail in the same transaction; a period that fell due before the subscription
 * existed is not sent. Answers how many mails it queued.
 */
export async function queueDueReports(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock.now();
  let queued = 0;
  for (const subscription of await repo.activeSubscriptions(ctx.db)) {
    const period = latestDuePeriod(subscription, now);
    if (period.dueAt.getTime() < subscription.createdAt.getTime()) continue;
    const isQueued = await ctx.db.transaction(async (tx) => {
      const id = await repo.insertDelivery(tx, {
        subscriptionId: subscription.id,
        periodStart: period.start,
        periodEnd: period.end,
        now,
      });
      if (id === null) return false;
      await enqueueJob(tx, reportMailJob, { delivery_id: id }, { now, key: `report-mail:${id}` });
      return true;
    });
    if (isQueued) queued += 1;
  }
  return queued;
}
