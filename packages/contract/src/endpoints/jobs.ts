import { defineEndpoint } from '../endpoint.js';
import { ZIdParam } from '../resources/common.js';
import { ZJob, ZJobList, ZListJobsQuery } from '../resources/job.js';

const tag = 'jobs';

/** The background job queue, for the platform admin (DESIGN §8: jobs are visible to the platform admin). */
export const jobsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/system/jobs',
    tag,
    summary: 'Background jobs of every instance, the due and running first, then the newest',
    permissions: ['view_all_organizations'],
    query: ZListJobsQuery,
    response: ZJobList,
  }),
  /** 409 unless the job has failed for good. */
  retry: defineEndpoint({
    method: 'POST',
    path: '/v1/system/jobs/retry/:id',
    tag,
    summary: 'Queue a failed job again, now, with a fresh set of attempts',
    permissions: ['view_all_organizations'],
    params: ZIdParam,
    response: ZJob,
    errors: [409],
  }),
};
