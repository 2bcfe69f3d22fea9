import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { findOperation, pathProblems, type SpecOperation, schemaProblems } from '../specs/checkbox-spec.js';
import { type Answer, CheckboxBooks, type CheckboxCashier, httpError } from './checkbox-stand-in-books.js';

export type { CheckboxCashier } from './checkbox-stand-in-books.js';

export type CheckboxRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
};

/**
 * A local stand-in for Checkbox's API (api.checkbox.ua): every request is checked against
 * the published OpenAPI document (test/specs/checkbox-openapi.subset.json) — a documented
 * method and path, its required headers, the cashier's bearer token where the operation is
 * secured, a JSON body matching the operation's schema with no unknown field — and answered
 * as Checkbox does, by the books in checkbox-stand-in-books.ts. Its own answers are checked
 * against the document's response schemas too. Anything off the document lands in
 * `violations`, which the tests expect to stay empty.
 */
export class CheckboxStandIn {
  readonly requests: CheckboxRequest[] = [];
  readonly violations: string[] = [];
  readonly books: CheckboxBooks;
  /** The next requests answer 500 without doing anything. */
  failNext = 0;
  /** The next request is carried out but its answer is lost (the connection drops). */
  dropNextAnswer = false;
  /** The same for the next request to one operation, `POST /api/v1/receipts/sell` style. */
  dropNextAnswerOn: string | null = null;
  private server: http.Server | null = null;

  constructor(cashiers: CheckboxCashier[], now?: () => Date) {
    this.books = new CheckboxBooks(cashiers, now);
  }

  async start(): Promise<string> {
    this.server = http.createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The requests to one documented path, `POST /api/v1/receipts/sell` style. */
  calls(method: string, path: string): CheckboxRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = request.method ?? '';
    const path = (request.url ?? '').split('?')[0] ?? '';
    let body: unknown = null;
    let isJson = true;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      isJson = false;
    }
    this.requests.push({ method, path, headers: request.headers, body });
    const found = findOperation(method, path);
    const answer = found
      ? this.answer(request, found.operation, found.params, raw ? body : undefined, isJson)
      : this.offTheDocument(`${method} ${path}: not a documented operation`, 404);
    if (found) this.checkAnswer(found.operation, answer);
    const operation = found ? `${found.operation.method} ${found.operation.template}` : null;
    if (this.dropNextAnswer || (operation && operation === this.dropNextAnswerOn)) {
      this.dropNextAnswer = false;
      if (operation === this.dropNextAnswerOn) this.dropNextAnswerOn = null;
      request.socket.destroy();
      return;
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  }

  private offTheDocument(problem: string, status = 422): Answer {
    this.violations.push(problem);
    return httpError(status, problem);
  }

  private answer(
    request: http.IncomingMessage,
    operation: SpecOperation,
    params: string[],
    body: unknown,
    isJson: boolean,
  ): Answer {
    const where = `${operation.method} ${operation.template}`;
    for (const name of operation.requiredHeaders) {
      if (!request.headers[name]) return this.offTheDocument(`${where}: no ${name} header`);
    }
    for (const name of ['x-client-name', 'x-client-version']) {
      // Optional in the document; Checkbox asks every integration to name itself.
      if (!request.headers[name]) this.violations.push(`${where}: no ${name} header`);
    }
    const problems = pathProblems(operation, params);
    if (problems.length > 0) return this.offTheDocument(`${where}: ${problems.join('; ')}`);
    if (body !== undefined || operation.bodyRequired) {
      if (!isJson || !String(request.headers['content-type']).startsWith('application/json')) {
        return this.offTheDocument(`${where}: the body is not JSON`);
      }
      const bodyProblems = operation.validateBody ? schemaProblems(operation.validateBody, body ?? null) : [];
      if (bodyProblems.length > 0) return this.offTheDocument(`${where}: ${bodyProblems.join('; ')}`);
    }
    let session = null;
    if (operation.needsBearer) {
      const header = request.headers.authorization ?? '';
      session = header.startsWith('Bearer ') ? this.books.session(header.slice('Bearer '.length)) : null;
      if (!session) return httpError(401, 'Not authenticated');
    }
    if (this.failNext > 0) {
      this.failNext -= 1;
      return httpError(500, 'Internal Server Error');
    }
    const licenseKey = (request.headers['x-license-key'] as string | undefined) ?? null;
    return this.books.carryOut({ operation: where, params, body, licenseKey, session });
  }

  /** The stand-in's own answers follow the document too, or the tests prove nothing. */
  private checkAnswer(operation: SpecOperation, answer: Answer) {
    const validate = operation.validateAnswer.get(answer.status);
    if (!validate || answer.body === null) return;
    const problems = schemaProblems(validate, answer.body);
    if (problems.length > 0) {
      this.violations.push(`stand-in answer to ${operation.method} ${operation.template}: ${problems.join('; ')}`);
    }
  }
}

/** A cashier of a cash register of its own, with a license key, login, password and PIN. */
export function checkboxCashier(name: string = randomUUID()): CheckboxCashier {
  const digest = createHash('sha256').update(name).digest('hex');
  return {
    licenseKey: `lic-${digest.slice(0, 24)}`,
    login: `cashier-${digest.slice(0, 8)}`,
    password: `pw-${digest.slice(8, 20)}`,
    pinCode: String(Number.parseInt(digest.slice(20, 28), 16) % 10_000).padStart(4, '0'),
  };
}
