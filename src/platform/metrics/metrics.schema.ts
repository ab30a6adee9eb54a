import { Type } from '@sinclair/typebox';

/** Route schema of `GET /metrics` (decisions G33). */
export const METRICS_ROUTE = {
  operationId: 'getMetrics',
  tags: ['Operations'],
  summary: 'Prometheus metrics',
  description:
    'decisions G33: Prometheus text exposition. Open unless `METRICS_TOKEN` is set; then it needs ' +
    '`Authorization: Bearer <METRICS_TOKEN>`.',
  security: [],
  response: {
    200: {
      description: 'Prometheus text format 0.0.4.',
      content: {
        'text/plain': {
          schema: Type.String({
            examples: [
              '# HELP pricecrawl_jobs_total Jobs ended, by source and outcome.\n' +
                '# TYPE pricecrawl_jobs_total counter\n' +
                'pricecrawl_jobs_total{source="source_01",outcome="finished"} 3\n',
            ],
          }),
        },
      },
    },
    401: Type.Object(
      { error: Type.String(), message: Type.String() },
      {
        description: '`METRICS_TOKEN` is set and the bearer token is missing or wrong (spec 7.2 body).',
        examples: [
          { error: 'user not found', message: 'metrics need Authorization: Bearer <METRICS_TOKEN>' },
        ],
      },
    ),
  },
};
