import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What the panel and the API docs may load: everything from this origin and nothing else.
 * Scripts only from files (the built panel and Swagger UI have no inline script); styles
 * also inline, because Ant Design writes its CSS-in-JS into `<style>` tags and Swagger UI
 * sets style attributes; images also as data: and blob: URLs (icons, previews of a file
 * before upload) and from the fleet map's tile server, when it is another origin
 * (`imageSources`). No one may frame the panel (clickjacking). Stripe.js and its card
 * frames (`STRIPE_JS_SOURCES`, Stripe's own CSP guidance) are the one outside script: the
 * pages that save a card load it when the payment system is Stripe.
 */
/** What Stripe.js needs: its script, its API, and the frames of its Payment Element and 3-D Secure. */
export const STRIPE_JS_SOURCES = {
  script: 'https://js.stripe.com https://*.js.stripe.com',
  connect: 'https://api.stripe.com',
  frame: 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
} as const;

export function contentSecurityPolicy(imageSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${STRIPE_JS_SOURCES.script}`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageSources].join(' '),
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self' ${STRIPE_JS_SOURCES.connect}`,
    `frame-src ${STRIPE_JS_SOURCES.frame}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Uploaded files are data, never a page: opened directly, they run nothing and reach nothing. */
export const FILE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** HSTS for a year once the panel is served over HTTPS; never over plain HTTP (it would lock out). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

type Options = { isHttps: boolean; imageSources?: readonly string[] };

/**
 * Browser protections on every answer (panel, API, docs, files): a CSP, no framing, no
 * MIME sniffing, no Referer (the registration and reset links carry their token in the path).
 * A route that sets its own CSP (uploaded files) keeps it.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, { isHttps, imageSources }: Options) => {
  const policy = contentSecurityPolicy(imageSources);
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (isHttps) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
});
