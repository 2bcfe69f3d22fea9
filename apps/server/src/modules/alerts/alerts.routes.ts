import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { exportAlerts } from './alert-export.js';
import * as alerts from './alerts.service.js';
import * as notices from './notices.service.js';

export async function alertRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.alert.alerts, ({ actor, query }) => alerts.listAlerts(ctx, actor, query));
  registerEndpoint(app, api.alert.alertsExport, ({ actor, query }) => exportAlerts(ctx, actor, query));
  registerEndpoint(app, api.alert.acknowledge, ({ actor, params }) => alerts.acknowledgeAlert(ctx, actor, params.id));
  registerEndpoint(app, api.alert.resolve, ({ actor, params }) => alerts.resolveAlert(ctx, actor, params.id));
  registerEndpoint(app, api.notice.list, ({ actor, query }) => notices.listNotices(ctx, actor, query));
  registerEndpoint(app, api.notice.read, async ({ actor, params }) => {
    await notices.readNotice(ctx, actor, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, api.notice.readAll, async ({ actor }) => {
    await notices.readAllNotices(ctx, actor);
    return { ok: true as const };
  });
  registerEndpoint(app, api.notice.badges, ({ actor }) => notices.panelBadges(ctx, actor));
  registerEndpoint(app, api.alert.resetLock, async ({ actor, params }) => {
    await alerts.resetLock(ctx, actor, params.id);
    return { ok: true as const };
  });
}
