import { Type, type Static } from '@sinclair/typebox';
import { Nullable, type Fits } from '../../platform/openapi/openapi.schemas.ts';
import type { ResultItem } from './work.table.ts';

/** An example result item (source_01, `key: id`), shared by every example that carries results. */
export const EXAMPLE_RESULT: ResultItem = {
  key: '5863521',
  success: true,
  reason: null,
  content: {
    id: '5863521',
    product_id: '5863521',
    name: 'Acme Kettle 1.7 l',
    url: 'https://example.com/product/5863521',
    price_min: 24.99,
    price_max: 29.99,
    price_avg: 27.49,
    offers_count: 2,
    price_min_all: 9.99,
    price_max_all: 29.99,
    price_avg_all: 21.66,
    offers_count_all: 3,
    offers: [
      {
        position: 1,
        price: 9.99,
        currency: 'EUR',
        shipping: 0,
        total: 9.99,
        seller_name: 'Shop C',
        condition: 'used',
      },
      {
        position: 2,
        price: 24.99,
        currency: 'EUR',
        shipping: 0,
        total: 24.99,
        seller_name: 'Shop A',
        condition: 'new',
      },
      {
        position: 3,
        price: 29.99,
        currency: 'EUR',
        shipping: 3.9,
        total: 33.89,
        seller_name: 'Shop B',
        condition: 'new',
      },
    ],
  },
  served_from: 'live',
  observed_at: '2025-03-01T10:15:02.311Z',
  trust: {
    score: 0.93,
    components: {
      identity: 1,
      completeness: 0.9,
      price_integrity: 0.95,
      offer_contamination: 0.667,
      freshness: 0.7,
    },
    flagged_offers: [],
    wrong_product_offers: [0],
  },
};

/** A `web` result (decisions G35): one product page of any shop, read by the generic extractor. */
export const EXAMPLE_WEB_RESULT: ResultItem = {
  key: 'https://www.shop.example/lamp?utm_source=news',
  success: true,
  reason: null,
  content: {
    url: 'https://www.shop.example/lamp',
    name: 'Lumo Desk Lamp',
    brand_name: 'Lumo',
    product_id: 'DL-100',
    gtin: '4006381333931',
    price: 39.9,
    currency: 'EUR',
    availability: 'in_stock',
    offers: [
      {
        position: 1,
        price: 39.9,
        currency: 'EUR',
        shipping: null,
        total: 39.9,
        seller_name: 'www.shop.example',
        availability_code: 'in_stock',
      },
    ],
    offers_count: 1,
    price_min: 39.9,
    price_max: 39.9,
    price_avg: 39.9,
    price_min_all: 39.9,
    price_max_all: 39.9,
    price_avg_all: 39.9,
    offers_count_all: 1,
  },
  served_from: 'live',
  observed_at: '2025-03-01T10:15:02.311Z',
  trust: {
    score: 0.8,
    components: {
      identity: 1,
      completeness: 1,
      price_integrity: 0.5,
      offer_contamination: 0.5,
      freshness: 1,
    },
    flagged_offers: [],
    wrong_product_offers: [],
  },
};

const TrustSchema = Type.Object(
  {
    score: Type.Number({ minimum: 0, maximum: 1 }),
    components: Type.Object({
      identity: Type.Number(),
      completeness: Type.Number(),
      price_integrity: Type.Number(),
      offer_contamination: Type.Number(),
      freshness: Type.Number(),
    }),
    flagged_offers: Type.Array(Type.Integer(), {
      description: 'Indices into `content.offers` of offers flagged as price outliers.',
    }),
    wrong_product_offers: Type.Optional(
      Type.Array(Type.Integer(), {
        description:
          'decisions G38: indices into `content.offers` of offers for another product (an accessory, a used or refurbished unit, another model). Absent only on results recorded before it was introduced.',
      }),
    ),
  },
  { description: 'spec 2.5: how far the result can be trusted, 0..1.' },
);

const CrawlRecordSchema = Type.Object(
  {
    crawl_id: Type.String(),
    url: Type.String(),
    http_status: Type.Integer(),
    duration_ms: Type.Integer(),
    observed_at: Type.String(),
    geo: Nullable(Type.String({ description: 'Country the request left from; null when not known.' })),
    job_type: Type.String(),
  },
  { additionalProperties: true },
);

/** The result item of spec 2.3; `content` differs per source, so it keeps every field it has. */
export const ResultItemSchema = Type.Object(
  {
    key: Type.String({ description: 'The input value this result belongs to.' }),
    success: Type.Boolean(),
    reason: Nullable(Type.String(), {
      description: '`not found`, `source currently unavailable`, `timeout`, `parameter_invalid` or null.',
    }),
    reason_detail: Type.Optional(
      Type.String({
        description:
          'decisions G37: on a `parameter_invalid` result (and a `web` refusal without a fetch), a sentence naming what is wrong with the value, such as `GTIN check digit is 2, not 3`; absent on every other result.',
      }),
    ),
    content: Nullable(
      Type.Object(
        {},
        {
          additionalProperties: true,
          description:
            'Source-specific payload (spec 2.4); for source `web` (decisions G35) `{url, name, brand_name, product_id, gtin, price, currency, availability, offers (one), offers_count, price_min, price_max, price_avg}`.',
        },
      ),
    ),
    served_from: Type.Union([Type.Literal('live'), Type.Literal('cache')]),
    observed_at: Nullable(Type.String()),
    trust: TrustSchema,
    meta: Type.Optional(
      Type.Object(
        { crawls: Type.Array(CrawlRecordSchema), partial: Type.Optional(Type.Boolean()) },
        { additionalProperties: true, description: 'spec 2.6: present when `include_meta` was true.' },
      ),
    ),
  },
  { examples: [EXAMPLE_RESULT, EXAMPLE_WEB_RESULT] },
);

// A stored result item must fit the schema that serialises it: tsc fails here when they drift.
export const RESULT_ITEM_FITS_SCHEMA: Fits<ResultItem, Static<typeof ResultItemSchema>> = true;
