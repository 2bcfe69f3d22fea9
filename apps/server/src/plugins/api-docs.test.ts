import { createConfig, lintFromString } from '@redocly/openapi-core';
import { ENDPOINTS, endpointDocOf } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { answerChecker, documentPath, type OpenApiDocument, servedDocument } from '../../test/openapi-document.js';

let ctx: TestContext;
let document: OpenApiDocument;
beforeAll(async () => {
  ctx = await createTestContext();
  document = await servedDocument(ctx);
});
afterAll(() => ctx.close());

const jsonAnswerOf = (endpoint: (typeof ENDPOINTS)[number]) => !endpoint.format || endpoint.format === 'json';

describe('the served OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error, and warns only that it names no licence", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const summary = problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`);
    expect(summary.filter((line) => line.startsWith('error'))).toEqual([]);
    expect(summary).toEqual(['warn info-license: Info object should contain `license` field.']);
  });

  it('is OpenAPI 3.1, so its schemas are JSON Schema 2020-12 and a nullable enum admits null', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(JSON.stringify(document)).not.toContain('"nullable":');
    const check = answerChecker(document);
    const device = document.paths['/v1/device/info/{id}']?.get?.responses['200']?.content?.['application/json'];
    expect(check('GET', '/v1/device/info/:id', 200, { ...(device?.example as object), door: null })).toEqual([]);
  });

  it('gives every operation a summary, a unique operationId and an example of its answer', () => {
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThanOrEqual(ENDPOINTS.length);
    const unnamed = operations.filter((operation) => !operation.summary?.trim() || !operation.operationId);
    expect(unnamed).toEqual([]);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const withoutExample = operations.filter((operation) => {
      const media = Object.values(operation.responses['200']?.content ?? {});
      return media.length === 0 || media.some((entry) => entry.example === undefined);
    });
    expect(withoutExample.map((operation) => operation.operationId)).toEqual([]);
  });

  it("has each endpoint's example parse with its zod schema and validate against the document's schema", () => {
    const check = answerChecker(document);
    const failures: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const example = endpointDocOf(endpoint)?.example;
      const parsed = endpoint.response.safeParse(example);
      if (!parsed.success) failures.push(`${endpoint.method} ${endpoint.path}: ${parsed.error.message}`);
      if (!jsonAnswerOf(endpoint)) continue;
      const served = document.paths[documentPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(served?.responses['200']?.content?.['application/json']?.example).toEqual(example);
      failures.push(...check(endpoint.method, endpoint.path, 200, example));
    }
    expect(failures).toEqual([]);
  });
});
