import { Type } from '@sinclair/typebox';

const TAGS = ['Operations'];

const Unavailable = Type.Object(
  { error: Type.Literal(true), message: Type.String() },
  {
    description: 'Not ready: the database is unreachable or the service is shutting down.',
    examples: [{ error: true, message: 'database unreachable' }],
  },
);

/** Route schemas of the health checks (decisions G33); no credentials needed. */
export const HEALTH_ROUTES = {
  ready: {
    operationId: 'getReadiness',
    tags: TAGS,
    summary: 'Readiness',
    description:
      'decisions G33: 200 once the service accepts work; 503 while the database is unreachable or ' +
      'during shutdown. No credentials needed.',
    security: [],
    response: {
      200: Type.Object(
        { status: Type.Literal('ok'), version: Type.String() },
        { description: 'Ready.', examples: [{ status: 'ok', version: '4.0' }] },
      ),
      503: Unavailable,
    },
  },
  live: {
    operationId: 'getLiveness',
    tags: TAGS,
    summary: 'Liveness',
    description: 'decisions G33: 200 while the process runs, whatever the state of its dependencies.',
    security: [],
    response: {
      200: Type.Object(
        { status: Type.Literal('ok') },
        { description: 'Alive.', examples: [{ status: 'ok' }] },
      ),
    },
  },
};
