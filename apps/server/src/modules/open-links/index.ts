/** Open links: public pages that open a micromarket's door for a customer or a courier (§2). */
export { customerClient, OpenLimiter, underAttemptLimits } from './open-limiter.js';
export { openLinkRoutes } from './open-links.routes.js';
export { createLink, rateLimited } from './open-links.service.js';
export { registerOpenLinkJobs } from './open-links-jobs.js';
export {
  appHoldKeyOf,
  heldAttemptKey,
  RELEASE_WEB_HOLDS_JOB,
  releaseAbandonedWebHolds,
} from './open-purchase.service.js';
export { openByApp } from './opening.service.js';
