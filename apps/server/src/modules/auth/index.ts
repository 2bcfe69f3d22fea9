/** Sign-in, sessions and the registration and reset links. */
export { createSession, revokeSession, revokeUserSessions } from './auth.repository.js';
export { authRoutes } from './auth.routes.js';
export { assertNotRegistered, issueInvitation, mailInvitation, USER_TYPE_EMPLOYEE } from './auth.service.js';
export { registerAuthJobs } from './auth-jobs.js';
