import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';

/**
 * The web dashboard (issue 9): three static files served by the service itself, no build step.
 * The page's script talks to `/v1/auth/*` and `/v1/account/*` with the cookie session.
 */

const STATIC_FILES = {
  'index.html': 'text/html; charset=utf-8',
  'dashboard.js': 'text/javascript; charset=utf-8',
  'dashboard.api.js': 'text/javascript; charset=utf-8',
  'dashboard.dom.js': 'text/javascript; charset=utf-8',
  'dashboard.css': 'text/css; charset=utf-8',
} as const;

/**
 * Strict CSP: only this origin's script and style files run; no inline script or style, no
 * framing, no plugins, requests only to this origin.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

function readStatic(name: keyof typeof STATIC_FILES): string {
  // This module is also bundled into dist/main/*.js (scripts/build.mjs), where import.meta.url is
  // the bundle's: the build copies the static files to dist/main/static/ so `./static/` serves both.
  return readFileSync(new URL(`./static/${name}`, import.meta.url), 'utf8');
}

function send(reply: FastifyReply, name: keyof typeof STATIC_FILES, body: string) {
  return reply
    .type(STATIC_FILES[name])
    .headers({
      'content-security-policy': DASHBOARD_CSP,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    })
    .send(body);
}

/** Serves `/dashboard` and its script and style sheet. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const files = Object.fromEntries(
    (Object.keys(STATIC_FILES) as (keyof typeof STATIC_FILES)[]).map((name) => [name, readStatic(name)]),
  ) as Record<keyof typeof STATIC_FILES, string>;
  app.get('/dashboard', { schema: { hide: true } }, async (_request, reply) =>
    send(reply, 'index.html', files['index.html']),
  );
  for (const name of ['dashboard.js', 'dashboard.api.js', 'dashboard.dom.js', 'dashboard.css'] as const) {
    app.get(`/dashboard/${name}`, { schema: { hide: true } }, async (_request, reply) =>
      send(reply, name, files[name]),
    );
  }
}
