import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { sessionOf } from '../../accounts/identity/identity.hook.ts';
import { accountRouteSchema as schema } from './account-plane.route-schema.ts';
import {
  ApiKeysResponse,
  AuditResponse,
  BillingQuery,
  CreateKeyBody,
  CreditsResponse,
  IdParams,
  LedgerResponse,
  MeResponse,
  NewKeyResponse,
  PageQuery,
  PlanResponse,
  RevokedKeyResponse,
  SpendingBody,
  SpendingResponse,
  SpentPerDayResponse,
} from './account-plane.schema.ts';
import { Type } from '@sinclair/typebox';
import { createAccountKey, readApiKeys, revokeAccountKey, rotateAccountKey } from './account-plane.keys.ts';
import {
  presentSpending,
  readCredits,
  readLedgerPage,
  readPlan,
  readSpentPerDay,
  updateSpending,
} from './account-plane.service.ts';
import { readAuditPage } from './account-plane.audit.ts';

/** `/v1/account/*` (decisions G18, G31, C5), registered behind `requireDashboardSession`. */
export async function accountPlaneRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  routes.get(
    '/v1/account/me',
    { schema: schema('getAccountMe', 'The signed-in user and their account.', {}, MeResponse) },
    async (request) => {
      const { user, account } = sessionOf(request);
      return {
        error: false as const,
        user: { id: user.id, email: user.email },
        account: { id: account.id, name: account.name, status: account.status },
      };
    },
  );

  routes.get(
    '/v1/account/credits',
    {
      schema: schema(
        'getAccountCredits',
        'The credit balance, what running jobs hold, what may still be spent, and the spending setting.',
        {},
        CreditsResponse,
      ),
    },
    async (request) => readCredits(db, sessionOf(request).account),
  );

  routes.get(
    '/v1/account/plan',
    {
      schema: schema(
        'getAccountPlan',
        'The plan, its sources and whether cached results may be re-served.',
        {},
        PlanResponse,
      ),
    },
    async (request) => readPlan(db, sessionOf(request).account),
  );

  routes.get(
    '/v1/account/billing',
    {
      schema: schema(
        'getAccountBilling',
        'The usage ledger newest first, paged by `cursor`; with `group=day`, credits spent per UTC day over the last `days` days instead.',
        { querystring: BillingQuery },
        Type.Union([LedgerResponse, SpentPerDayResponse], {
          examples: [
            ...(LedgerResponse.examples as unknown[]),
            ...(SpentPerDayResponse.examples as unknown[]),
          ],
        }),
      ),
    },
    async (request) => {
      const { account } = sessionOf(request);
      const { group, days, ...page } = request.query;
      return group === 'day' ? readSpentPerDay(db, account, days) : readLedgerPage(db, account, page);
    },
  );

  routes.get(
    '/v1/account/api-keys',
    {
      schema: schema(
        'listApiKeys',
        'The account\u2019s API keys, newest first; never a hash or a raw key.',
        {},
        ApiKeysResponse,
      ),
    },
    async (request) => readApiKeys(db, sessionOf(request).account),
  );

  routes.post(
    '/v1/account/api-keys',
    {
      schema: schema(
        'createApiKey',
        'Creates an API key for the data plane. The raw key is in this answer only.',
        { body: CreateKeyBody },
        NewKeyResponse,
        { changesState: true },
      ),
    },
    async (request) => createAccountKey(db, sessionOf(request), request.body.name),
  );

  routes.post(
    '/v1/account/api-keys/:id/rotate',
    {
      schema: schema(
        'rotateApiKey',
        'Replaces a key by a new one of the same name and revokes the old one at once. The raw key is in this answer only.',
        { params: IdParams },
        NewKeyResponse,
        { changesState: true, notFound: 'api key' },
      ),
    },
    async (request) => rotateAccountKey(db, sessionOf(request), request.params.id),
  );

  routes.delete(
    '/v1/account/api-keys/:id',
    {
      schema: schema(
        'revokeApiKey',
        'Revokes a key: every API process refuses it from the next request on.',
        { params: IdParams },
        RevokedKeyResponse,
        { changesState: true, notFound: 'api key' },
      ),
    },
    async (request) => revokeAccountKey(db, sessionOf(request), request.params.id),
  );

  // decisions C5: budget-cap and overage are one resource on two paths.
  for (const [path, name] of [
    ['/v1/account/budget-cap', 'BudgetCap'],
    ['/v1/account/overage', 'Overage'],
  ] as const) {
    routes.get(
      path,
      {
        schema: schema(
          `get${name}`,
          'The spending setting `{overage, budget_cap}` (same resource as its sibling path).',
          {},
          SpendingResponse,
        ),
      },
      async (request) => presentSpending(sessionOf(request).account),
    );
    routes.patch(
      path,
      {
        schema: schema(
          `update${name}`,
          'Changes the spending setting; omitted fields keep their value. `budget_cap: null` removes the cap.',
          { body: SpendingBody },
          SpendingResponse,
          { changesState: true },
        ),
      },
      // The schema admits only an integer or null; TypeBox's Unsafe loses that in inference.
      async (request) =>
        updateSpending(
          db,
          sessionOf(request),
          request.body as { overage?: boolean; budget_cap?: number | null },
        ),
    );
  }

  routes.get(
    '/v1/account/audit',
    {
      schema: schema(
        'getAccountAudit',
        'Changes to keys, users and spending settings, newest first, with who made them and when.',
        { querystring: PageQuery },
        AuditResponse,
      ),
    },
    async (request) => readAuditPage(db, sessionOf(request).account, request.query),
  );
}
