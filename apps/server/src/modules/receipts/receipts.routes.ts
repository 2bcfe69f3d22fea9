import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { renderReceiptPdf } from './receipt-pdf.js';
import * as receipts from './receipts.service.js';

type Options = { ctx: ServiceContext };

export async function receiptRoutes(app: FastifyInstance, { ctx }: Options) {
  registerEndpoint(app, api.receipt.publicReceipt, ({ params }) => receipts.getReceipt(ctx, params.token));
  registerEndpoint(app, api.receipt.publicReceiptPdf, async ({ params, query, actor }) => {
    const receipt = await receipts.getReceipt(ctx, params.token);
    const body = await renderReceiptPdf(receipt, query.lang ?? actor.locale, ctx.clock.now());
    return { filename: `receipt-${receipt.number}.pdf`, contentType: 'application/pdf', body };
  });
  registerEndpoint(app, api.receipt.transactionReceipt, ({ actor, params }) =>
    receipts.getTransactionReceipt(ctx, actor, params.id),
  );
  registerEndpoint(app, api.receipt.retryFiscal, ({ actor, params }) =>
    receipts.retryFiscalReceipt(ctx, actor, params.id),
  );
}
