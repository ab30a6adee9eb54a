import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';

/**
 * The web dashboard (issues 9, 26): static files served by the service itself, no build step.
 * The page's script talks to `/v1/auth/*` and `/v1/account/*` with the cookie session.
 */

const STATIC_FILES = {
  'index.html': 'text/html; charset=utf-8',
  'dashboard.css': 'text/css; charset=utf-8',
  ...Object.fromEntries(
    [
      'dashboard.js',
      'dashboard.api.js',
      'dashboard.dom.js',
      'dashboard.shell.js',
      'dashboard.chart.js',
      'dashboard.home.js',
      'dashboard.keys.js',
      'dashboard.job.js',
      'dashboard.runs.js',
      'dashboard.results.js',
      'dashboard.value.js',
      'dashboard.submit.js',
      'dashboard.values-file.js',
      'dashboard.xlsx.js',
    ].map((name) => [name, 'text/javascript; charset=utf-8']),
  ),
} as Record<string, string>;

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

function readStatic(name: string): string {
  // This module is also bundled into dist/main/*.js (scripts/build.mjs), where import.meta.url is
  // the bundle's: the build copies the static files to dist/main/static/ so `./static/` serves both.
  return readFileSync(new URL(`./static/${name}`, import.meta.url), 'utf8');
}

function send(reply: FastifyReply, name: string, body: string) {
  return reply
    .type(STATIC_FILES[name] ?? 'application/octet-stream')
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
  const files = new Map(Object.keys(STATIC_FILES).map((name) => [name, readStatic(name)]));
  app.get('/dashboard', { schema: { hide: true } }, async (_request, reply) =>
    send(reply, 'index.html', files.get('index.html') ?? ''),
  );
  for (const [name, body] of files) {
    if (name === 'index.html') continue;
    app.get(`/dashboard/${name}`, { schema: { hide: true } }, async (_request, reply) =>
      send(reply, name, body),
    );
  }
}
