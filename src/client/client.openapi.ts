/**
 * Readers of the types generated from the service's OpenAPI document (`generated/openapi.d.ts`,
 * written by `npm run generate:client-types`, docs/client.md "Types"). The client's wire types are
 * these applied to the document's operations, so they follow the route schemas the server
 * validates and serialises with, and a drift test fails when the committed file is stale.
 */
import type { operations } from '../../generated/openapi.d.ts';

export type { operations, paths, webhooks } from '../../generated/openapi.d.ts';

/** The `operationId`s of the document, e.g. `'submitJob'`. */
export type OperationId = keyof operations;

type JsonOf<Content> = Content extends { 'application/json': infer Body } ? Body : never;

/**
 * The JSON body of an operation's success: its 200 answer without the `{error: true, message}`
 * branch (the client throws that as an `InvalidRequestError`).
 */
export type ApiSuccess<Op extends OperationId> = Exclude<
  JsonOf<operations[Op]['responses'][200]['content']>,
  { error: true }
>;

/** The JSON request body of an operation. */
export type ApiRequestBody<Op extends OperationId> = JsonOf<
  NonNullable<operations[Op]['requestBody']>['content']
>;

/**
 * The query of an operation as a caller writes it: every parameter optional where the service has
 * a default (the document lists defaulted parameters, e.g. `offset` and `limit`, as required).
 */
export type ApiQuery<Op extends OperationId, Required extends keyof QueryOf<Op> = never> = Partial<
  QueryOf<Op>
> &
  Pick<QueryOf<Op>, Required>;

type QueryOf<Op extends OperationId> = NonNullable<operations[Op]['parameters']['query']>;
