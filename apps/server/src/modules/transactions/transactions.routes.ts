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
  registerEndpoint(app, api.transaction.list, ({ actor, query }) => listTransactions(ctx, actor, query));
  registerEndpoint(app, api.transaction.totals, ({ actor, query }) => transactionTotals(ctx, actor, query));
  registerEndpoint(app, api.transaction.export, ({ actor, query }) => exportTransactions(ctx, actor, query));
  registerEndpoint(app, api.transaction.info, ({ actor, params }) => getTransaction(ctx, actor, params.id));
  registerEndpoint(app, api.transaction.refund, ({ actor, params, body }) =>
    refundTransaction(ctx, providers, actor, params.id, body),
  );
  registerEndpoint(app, api.transaction.charge, ({ actor, params, body }) =>
    chargeTransaction(ctx, providers, actor, params.id, body),
  );
  registerEndpoint(app, api.transaction.correct, ({ actor, params, body }) =>
    correctTransaction(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.transaction.toDataset, ({ actor, params, body }) =>
    sendDisputeToDataset(ctx, actor, params.id, body),
  );
}
