import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** A year, with subdomains: what browsers remember once they have seen the console over https. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (helmet). The policy allows scripts from this origin
 * only (the first-paint theme script is a file, public/theme-boot.js); antd injects its styles at
 * run time, hence inline styles; images may be data: URLs (captcha, watermark) or any https address
 * (help-article pictures). Register on the root before any route plugin so every route gets them.
 */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  // Made once: @fastify/helmet made helmet's middleware (its policy parsed, its headers built) again
  // for every request, a few per cent of a small answer's work.
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only over https, decided per request below: a plain-http answer must not pin the host to https.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  // `request.protocol` believes X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
