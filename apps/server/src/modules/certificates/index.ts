export { certificateRoutes } from './certificates.routes.js';
