/** The customer app's API (issues 10 and 11): customers sign in by a one-time code and use their own rows only. */
export { customerAppRoutes } from './customer-app.routes.js';
export { registerCustomerAppJobs } from './customer-app-jobs.js';
export { CODE_FAILURES_PER_ADDRESS, CODE_REQUESTS_PER_ADDRESS, SIGN_IN_CODE_JOB } from './sign-in.service.js';
