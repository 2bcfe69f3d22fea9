import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import type { PaymentProviders } from '../payments/index.js';
import { getTransaction } from './transaction-card.service.js';
import { correctTransaction } from './transaction-correction.service.js';
import { sendDisputeToDataset } from './transaction-dataset.service.js';
import { chargeTransaction } from './transaction-payments.service.js';
import { refundTransaction } from './transaction-refund.service.js';
import { exportTransactions, listTransactions, transactionTotals } from './transactions.service.js';

type Options = { ctx: ServiceContext; providers: PaymentProviders };

export async function transactionRoutes(app: FastifyInstance, { ctx, providers }: Options) {
  const t = api.transaction;
  registerEndpoint(app, t.list, ({ actor, query }) => listTransactions(ctx, actor, query));
  registerEndpoint(app, t.totals, ({ actor, query }) => transactionTotals(ctx, actor, query));
  registerEndpoint(app, t.export, ({ actor, query }) => exportTransactions(ctx, actor, query));
  registerEndpoint(app, t.info, ({ actor, params }) => getTransaction(ctx, actor, params.id));
  registerEndpoint(app, t.refund, ({ actor, params, body }) =>
    refundTransaction(ctx, providers, actor, params.id, body),
  );
  registerEndpoint(app, t.charge, ({ actor, params, body }) =>
    chargeTransaction(ctx, providers, actor, params.id, body),
  );
  registerEndpoint(app, t.correct, ({ actor, params, body }) => correctTransaction(ctx, actor, params.id, body));
  registerEndpoint(app, t.toDataset, ({ actor, params, body }) => sendDisputeToDataset(ctx, actor, params.id, body));
}
