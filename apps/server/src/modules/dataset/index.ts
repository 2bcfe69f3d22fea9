/** The training dataset of the neural camera. */
export { datasetRoutes } from './dataset.routes.js';
export { addSessionEvidence } from './dataset-session.service.js';
