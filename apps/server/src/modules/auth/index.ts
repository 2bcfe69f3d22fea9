/** Sign-in, sessions and the registration and reset links; the one writer of the users table. */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { RateSharing } from '../../lib/rate-sharing.js';
import type { JobRunner } from '../jobs/index.js';
import { authRoutes } from './auth.routes.js';
import { registerAuthJobs } from './auth-jobs.js';

export {
  insertUser,
  refreshCachedBonusesSql,
  setCachedBonuses,
  type UserWrite,
  updateUserRow,
} from './accounts.repository.js';
export { createSession, revokeSession, revokeUserSessions, slideSession } from './auth.repository.js';
export { assertNotRegistered, issueInvitation, mailInvitation, USER_TYPE_EMPLOYEE } from './auth.service.js';
export { type CustomerRegistration, registerCustomer } from './customer-registration.js';

export const authModule: ModuleManifest<ModuleDeps & { rateSharing: RateSharing }, JobRunner> = {
  name: 'auth',
  routes: (app, { ctx, rateSharing }) => app.register(authRoutes, { ctx, rateSharing }),
  jobs: (runner, { ctx }) => registerAuthJobs(runner, { ctx }),
};
