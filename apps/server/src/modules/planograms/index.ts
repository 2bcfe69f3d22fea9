/** Planograms (issue 10): templates, each micromarket's layout, schedules and the tags a layout expects. */
export { expectedByProduct, readLayout } from './layout.js';
export { planogramRoutes } from './planograms.routes.js';
export { PLANOGRAM_SCHEDULES_JOB, registerPlanogramJobs, runPlanogramSchedules } from './planograms-jobs.js';
