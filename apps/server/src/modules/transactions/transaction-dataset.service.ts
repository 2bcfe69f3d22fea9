import type { TDatasetFile, ZSendDisputeToDataset } from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict } from '../../lib/errors.js';
import { addSessionEvidence } from '../dataset/index.js';
import { markDisputeInDataset } from '../sales/index.js';
import { buildCard, visibleSale } from './transaction-card.service.js';

/**
 * Sends the door session of a resolved sensor dispute to the neural camera's training
 * dataset: what each sensor saw, how they disagreed and what the operator counted, as one
 * JSON document. Once per sale; the sale keeps when it was sent.
 */
export async function sendDisputeToDataset(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  body: z.output<typeof ZSendDisputeToDataset>,
): Promise<TDatasetFile> {
  const row = await visibleSale(ctx.db, actor, id);
  actor.scope.assertEditable(row.orgId);
  const card = await buildCard(ctx.db, row);
  const check = card.sensor_check;
  if (!check?.resolved_at || check.disagreements.length === 0) throw conflict('transaction.dispute_not_resolved');
  if (check.dataset_at) throw conflict('transaction.dispute_in_dataset');
  const document = {
    transaction_id: card.id,
    micromarket_id: card.micromarket_id,
    session: card.session,
    sensor_check: check,
    counted_by_operator: card.lines.map((line) => ({
      product_id: line.product_id,
      name: line.name,
      quantity: line.quantity,
      source: line.source,
      tag_code: line.tag_code,
      is_corrected: line.is_corrected,
    })),
  };
  return addSessionEvidence(
    ctx,
    actor,
    { orgId: card.org_id, name: `sale-${card.id}-session.json`, document, tags: body.tags },
    async (tx) => {
      // Checked again under the sale's lock: two clicks send it once.
      if (!(await markDisputeInDataset(tx, id, ctx.clock.now()))) throw conflict('transaction.dispute_in_dataset');
    },
  );
}
