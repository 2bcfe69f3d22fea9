import type { TestProject } from 'vitest/node';
import { buildTemplate, type Template } from './template-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, seeded database every test file copies (see template-database.ts). */
    template: Template;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, remove } = await buildTemplate(process.env.TEST_DATABASE_URL || undefined);
  project.provide('template', template);
  return remove;
}
