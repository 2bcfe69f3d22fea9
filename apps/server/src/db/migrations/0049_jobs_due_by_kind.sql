-- The job runner claims per kind, as many as it has free slots of each (docs/decisions/134-one-job-runner.md):
-- a kind's due jobs oldest first, without walking past the queued jobs of a kind that is waiting on its slots.
CREATE INDEX "jobs_due_by_kind" ON "jobs" USING btree ("kind","run_at","id") WHERE "jobs"."status" = 'queued';
