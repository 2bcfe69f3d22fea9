/** Sign-in, sessions and the registration and reset links. */
export { revokeUserSessions } from './auth.repository.js';
export { authRoutes } from './auth.routes.js';
export { assertNotRegistered, issueInvitation, mailInvitation } from './auth.service.js';
