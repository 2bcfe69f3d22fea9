export { fileRoutes } from './files.routes.js';
