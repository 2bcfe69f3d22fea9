/** Sign-in, sessions and the registration and reset links; the one writer of the users table. */
export {
  insertUser,
  refreshCachedBonusesSql,
  setCachedBonuses,
  type UserWrite,
  updateUserRow,
} from './accounts.repository.js';
export { createSession, revokeSession, revokeUserSessions, slideSession } from './auth.repository.js';
export { authRoutes } from './auth.routes.js';
export { assertNotRegistered, issueInvitation, mailInvitation, USER_TYPE_EMPLOYEE } from './auth.service.js';
export { registerAuthJobs } from './auth-jobs.js';
export { type CustomerRegistration, registerCustomer } from './customer-registration.js';
