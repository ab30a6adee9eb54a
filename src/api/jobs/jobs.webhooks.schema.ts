/**
 * The webhook a job's `callback_url` receives, as the OpenAPI document's `webhooks` (spec part 6,
 * decisions C3, C9, G27, G40): the body is built by `pipeline/deliveries/deliveries.payload.ts`.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/openapi/openapi.schemas.ts';

const ChangePrevious = Type.Object(
  {
    price_min: Nullable(Type.Number()),
    price_max: Nullable(Type.Number()),
    price_avg: Nullable(Type.Number()),
    availability: Nullable(Type.String()),
    buybox_price: Nullable(Type.Number()),
    observed_at: Nullable(Type.String({ description: 'When the previous run observed these figures.' })),
  },
  { description: "The value's figures as its previous run left them." },
);

const DeliveryElement = Type.Object({
  key: Type.String({ description: '`<key>:<value>`.' }),
  index: Type.Integer({ description: 'Position of the value in the job (decisions G20).' }),
  completed_at: Nullable(Type.String()),
  result: Nullable(
    Type.Object(
      {
        query: Type.Object({
          source: Type.String(),
          country: Type.String(),
          key: Type.String(),
          value: Type.String(),
        }),
        content: Nullable(Type.Object({}, { additionalProperties: true })),
        success: Type.Boolean(),
        reason: Nullable(Type.String()),
        updated_at: Nullable(Type.String()),
        served_from: Type.Union([Type.Literal('live'), Type.Literal('cache')]),
        observed_at: Nullable(Type.String()),
        trust: Type.Object({}, { additionalProperties: true }),
        meta: Type.Optional(Type.Object({}, { additionalProperties: true })),
      },
      { description: 'decisions C9: the result object of a delivery.' },
    ),
  ),
  previous: Type.Optional(
    Nullable(ChangePrevious, {
      description:
        'Runs of an interval job with `deliver: "changes"` only (decisions G40): what the changed figures were; null the first time a value is seen.',
    }),
  ),
});

/** The JSON body of every webhook delivery. */
export const DeliveryBody = Type.Object({
  delivery_id: Type.String({ description: 'Same on every attempt and replay; de-duplicate on it.' }),
  job_id: Type.String({ description: 'The job, or the run of an interval job.' }),
  source: Type.String(),
  country: Type.String(),
  batch_sequence: Type.Integer({ description: '1-based per job, never renumbered (decisions G27).' }),
  is_final: Type.Boolean(),
  values_total: Type.Integer(),
  values_done: Type.Integer(),
  values_errors: Type.Integer(),
  client_ref: Nullable(Type.String()),
  results: Type.Array(DeliveryElement, {
    description:
      'Every result of the range; with `deliver: "changes"` only the changed ones, possibly none (decisions G40).',
  }),
});

/** The `webhooks` member of an OpenAPI 3.1 document as the swagger plugin types it. */
type Webhooks = NonNullable<
  Extract<NonNullable<FastifyDynamicSwaggerOptions['openapi']>, { webhooks?: object }>['webhooks']
>;

/**
 * OpenAPI 3.1 `webhooks`: what a receiver at a `callback_url` gets. TypeBox schemas are the JSON
 * Schema 2020-12 that OpenAPI 3.1 uses, but their TypeScript types are not the plugin's, hence the cast.
 */
export const DELIVERY_WEBHOOKS = {
  delivery: {
    post: {
      summary: 'A webhook delivery to callback_url',
      description:
        "Signed with the job's `webhook_secret` (decisions C3: `X-Service-Signature`, `X-Service-Timestamp`, `X-Service-Delivery-Id`, `X-Signature`); a 2xx acknowledges it, anything else is retried (docs/streams.md, docs/change-alerts.md).",
      requestBody: { required: true, content: { 'application/json': { schema: DeliveryBody } } },
      responses: { '200': { description: 'Any 2xx acknowledges the delivery.' } },
    },
  },
} as unknown as Webhooks;
