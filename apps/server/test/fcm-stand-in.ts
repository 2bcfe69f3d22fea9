import { generateKeyPairSync, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FcmReceived = { token: string; message: Record<string, unknown> };

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/**
 * A local stand-in for Google's OAuth token endpoint and FCM's HTTP v1 `messages:send`. The
 * token endpoint checks the service account's JWT against the key pair made here; sending
 * checks the access token it gave. Registration tokens starting `gone-` answer 404
 * UNREGISTERED, `bad-` 400 INVALID_ARGUMENT, as FCM does.
 */
export async function startFcmStandIn() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const received: FcmReceived[] = [];
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
      const { message } = JSON.parse(body) as { message: Record<string, unknown> & { token: string } };
      received.push({ token: message.token, message });
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
