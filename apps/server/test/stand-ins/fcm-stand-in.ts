import { generateKeyPairSync, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkFcmSend } from '../specs/spec-check.js';

export type FcmReceived = { token: string; message: Record<string, unknown> };

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** Refusals FCM answers for a while (then the token takes messages), by token prefix. */
const FOR_NOW: Record<string, { status: number; code: string; message: string; retryAfter: string | null }> = {
  'quota-': { status: 429, code: 'QUOTA_EXCEEDED', message: 'Quota exceeded for quota metric', retryAfter: '30' },
  'busy-': { status: 503, code: 'UNAVAILABLE', message: 'The service is currently unavailable.', retryAfter: '120' },
  'oops-': { status: 500, code: 'INTERNAL', message: 'Internal error encountered.', retryAfter: null },
};

/**
 * A local stand-in for Google's OAuth token endpoint and FCM's HTTP v1 `messages:send`. The
 * token endpoint checks the service account's JWT against the key pair made here; sending
 * checks the access token it gave, and checks each body against Google's discovery document
 * and FCM's payload rules (specs/), keeping what it breaks in `violations` and answering 400
 * INVALID_ARGUMENT as FCM does. Registration tokens starting `gone-` answer 404 UNREGISTERED,
 * `lost-` a bare 404 NOT_FOUND (a wrong project, not a stale token), `bad-` 400
 * INVALID_ARGUMENT; `quota-`, `busy-` and `oops-` answer 429, 503 and 500 (with Retry-After
 * 30 s, 120 s, none) the first `refusalsPerToken` times, then take the message.
 */
export async function startFcmStandIn() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const received: FcmReceived[] = [];
  const violations: string[] = [];
  const refusedSoFar = new Map<string, number>();
  const refusalsPerToken = 1;
  const assertions: Record<string, unknown>[] = [];
  const accessToken = 'ya29.stand-in-access-token';
  const server = http.createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const body = await readBody(request);
    if (request.url === '/token') {
      const assertion = new URLSearchParams(body).get('assertion') ?? '';
      const [header, claims, signature] = assertion.split('.');
      const valid =
        header !== undefined &&
        claims !== undefined &&
        signature !== undefined &&
        verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'));
      if (!valid) return answer(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      assertions.push(JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')));
      return answer(200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
    }
    if (/^\/v1\/projects\/[^/]+\/messages:send$/.test(request.url ?? '')) {
      if (request.headers.authorization !== `Bearer ${accessToken}`) {
        return answer(401, {
          error: { code: 401, status: 'UNAUTHENTICATED', message: 'Request had invalid credentials.' },
        });
      }
      const parsed = JSON.parse(body) as { message: Record<string, unknown> & { token: string } };
      const problems = checkFcmSend(parsed);
      violations.push(...problems.map((problem) => `fcm ${problem}`));
      const { message } = parsed;
      received.push({ token: message.token, message });
      if (problems.length > 0) {
        return answer(400, {
          error: {
            code: 400,
            status: 'INVALID_ARGUMENT',
            message: 'Request contains an invalid argument.',
            details: [
              { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' },
              {
                '@type': 'type.googleapis.com/google.rpc.BadRequest',
                fieldViolations: problems.map((problem) => ({ field: problem.split(':')[0], description: problem })),
              },
            ],
          },
        });
      }
      const forNow = Object.entries(FOR_NOW).find(([prefix]) => message.token.startsWith(prefix))?.[1];
      const refusals = refusedSoFar.get(message.token) ?? 0;
      if (forNow && refusals < refusalsPerToken) {
        refusedSoFar.set(message.token, refusals + 1);
        response.writeHead(forNow.status, {
          'content-type': 'application/json',
          ...(forNow.retryAfter ? { 'retry-after': forNow.retryAfter } : {}),
        });
        response.end(
          JSON.stringify({
            error: {
              code: forNow.status,
              status: forNow.code === 'QUOTA_EXCEEDED' ? 'RESOURCE_EXHAUSTED' : forNow.code,
              message: forNow.message,
              details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: forNow.code }],
            },
          }),
        );
        return;
      }
      if (message.token.startsWith('lost-')) {
        return answer(404, { error: { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.' } });
      }
      if (message.token.startsWith('gone-')) {
        return answer(404, {
          error: {
            code: 404,
            status: 'NOT_FOUND',
            message: 'Requested entity was not found.',
            details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
          },
        });
      }
      if (message.token.startsWith('bad-')) {
        return answer(400, {
          error: {
            code: 400,
            status: 'INVALID_ARGUMENT',
            message: 'The registration token is not a valid FCM registration token',
          },
        });
      }
      return answer(200, { name: `projects/vitrina-test/messages/${received.length}` });
    }
    answer(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    violations,
    assertions,
    apiBase: base,
    account: {
      project_id: 'vitrina-test',
      client_email: 'push@vitrina-test.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: `${base}/token`,
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
