// Generated: do not edit. The TypeScript types of the service’s OpenAPI document (`GET /openapi.json`),
// written by `npm run generate:client-types` (scripts/generate-client-types.ts, also run by `npm run build`)
// with openapi-typescript. Change the route schemas in src/, then run that command and commit the result.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description decisions G33: 200 once the service accepts work; 503 while the database is unreachable or during shutdown. No credentials needed.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description decisions G33: 200 while the process runs, whatever the state of its dependencies.
         */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description decisions G33: Prometheus text exposition. Open unless `METRICS_TOKEN` is set; then it needs `Authorization: Bearer <METRICS_TOKEN>`.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/job": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a batch job
         * @description spec 4.1: creates a job crawling every value. With `wait` (one value only) the answer waits for the result; with `wait` elapsed it carries `wait_timed_out: true`.
         */
        post: operations["submitJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/job/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Poll a job
         * @description spec 4.2: status and progress. `wait=N` keeps the request open up to N seconds until the job ends.
         */
        get: operations["getJob"];
        /**
         * Update an interval job
         * @description spec 4.4: replaces the value list and parameters; previous results are cleared.
         */
        put: operations["updateIntervalJob"];
        post?: never;
        /**
         * Delete an interval job
         * @description spec 4.5: permanently deletes an interval job and its results.
         */
        delete: operations["deleteIntervalJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/job/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the results of a job
         * @description spec 4.3: every result of a finished job, as JSON (default), CSV or XLSX. Results stay available 72 hours from job creation.
         */
        get: operations["downloadJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/job/{id}/download.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the results of a job as CSV
         * @description spec 4.3: the same as `GET /job/{id}/download?format=csv`.
         */
        get: operations["downloadJobCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/job/{id}/download.xlsx": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the results of a job as XLSX
         * @description The same as `GET /job/{id}/download?format=xlsx`.
         */
        get: operations["downloadJobXlsx"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/job/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of a batch job’s webhook deliveries
         * @description decisions G7: the deliveries of a batch job with a `callback_url` (one final delivery per job or interval run; an interval job’s are listed under each run’s `run_id`), in batch order, optionally of one status; the same shape as `GET /stream/{id}/deliveries`.
         */
        get: operations["listJobDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/job/{id}/replay-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay every dead-lettered delivery of a batch job
         * @description spec 4.10 for a batch job: moves every `dead_lettered` delivery back to `pending` with a fresh budget; the same shape as `POST /stream/{id}/replay-all`.
         */
        post: operations["replayJobDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Price history of one value
         * @description docs/history.md: the observations of one value made for this account, oldest first, as JSON, CSV or XLSX.
         */
        get: operations["getHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a stream job
         * @description spec 4.6: up to 100 000 values; results are delivered to `callback_url` in signed batches of `delivery_batch_size` (1..200, default 100).
         */
        post: operations["submitStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Progress of a stream
         * @description spec 4.7, decisions G6: status, progress counters and deliveries by status.
         */
        get: operations["getStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream/{id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of stream results
         * @description spec 4.8: results in completion order by `offset`/`limit`, or exactly the results of one delivery `batch`.
         */
        get: operations["listStreamResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of webhook deliveries
         * @description spec 4.9, decisions G7: deliveries in batch order, optionally of one status.
         */
        get: operations["listStreamDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream/{id}/replay-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay every dead-lettered delivery
         * @description spec 4.10: moves every `dead_lettered` delivery back to `pending` with a fresh budget.
         */
        post: operations["replayStreamDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream/deliveries/{delivery_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay one delivery
         * @description spec 4.11, decisions G8: re-sends one delivery now, same id and `batch_sequence`.
         */
        post: operations["replayDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Signs a dashboard user in with email and password. Answers a session JWT (at most 15 minutes) and a single-use refresh token, or with `cookie: true` sets them as HttpOnly cookies. */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Trades a refresh token (body field or cookie) for a new session token and a new refresh token; the old refresh token is used up. */
        post: operations["refreshSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Ends the login of a refresh token (body field or cookie): the refresh token and every session token of that login stop working. */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public keys that verify session tokens, including retired keys whose tokens may still be alive. */
        get: operations["sessionJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The signed-in user and their account. */
        get: operations["getAccountMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The credit balance, what running jobs hold, what may still be spent, and the spending setting. */
        get: operations["getAccountCredits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The plan, its sources and whether cached results may be re-served. */
        get: operations["getAccountPlan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The usage ledger newest first, paged by `cursor`; with `group=day`, credits spent per UTC day over the last `days` days instead. */
        get: operations["getAccountBilling"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The account’s API keys, newest first; never a hash or a raw key. */
        get: operations["listApiKeys"];
        put?: never;
        /** @description Creates an API key for the data plane. The raw key is in this answer only. */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Replaces a key by a new one of the same name and revokes the old one at once. The raw key is in this answer only. */
        post: operations["rotateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** @description Revokes a key: every API process refuses it from the next request on. */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/budget-cap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The spending setting `{overage, budget_cap}` (same resource as its sibling path). */
        get: operations["getBudgetCap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** @description Changes the spending setting; omitted fields keep their value. `budget_cap: null` removes the cap. */
        patch: operations["updateBudgetCap"];
        trace?: never;
    };
    "/v1/account/overage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The spending setting `{overage, budget_cap}` (same resource as its sibling path). */
        get: operations["getOverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** @description Changes the spending setting; omitted fields keep their value. `budget_cap: null` removes the cap. */
        patch: operations["updateOverage"];
        trace?: never;
    };
    "/v1/account/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Changes to keys, users and spending settings, newest first, with who made them and when. */
        get: operations["getAccountAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The account’s batch and stream jobs newest first, paged by `cursor`; `kind` filters. */
        get: operations["listAccountJobs"];
        put?: never;
        /** @description Creates a batch or interval job for the session’s account: the body, validation, credits and answers of `POST /job`, `Idempotency-Key` included. */
        post: operations["submitAccountJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description One job’s progress; a stream job also counts its deliveries by status. */
        get: operations["getAccountJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/jobs/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A finished job’s results as on `GET /job/{id}/download`: JSON, or CSV with `format=csv`. */
        get: operations["downloadAccountJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/streams/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A stream job’s webhook deliveries in `batch_sequence` order, optionally of one status. */
        get: operations["listAccountStreamDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/streams/{id}/replay-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Re-sends every dead-lettered delivery of a stream job. */
        post: operations["replayAccountStreamDeadLetters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/jobs/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A batch job’s (or interval run’s) webhook deliveries in `batch_sequence` order, optionally of one status. */
        get: operations["listAccountJobDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/jobs/{id}/replay-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Re-sends every dead-lettered delivery of a batch job. */
        post: operations["replayAccountJobDeadLetters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/deliveries/{delivery_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Re-sends one delivery now with a fresh attempt budget (same id and batch_sequence). */
        post: operations["replayAccountDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/jobs/{id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A job’s results so far (spec 2.3 items with the submitted value), in submission order, paged by `offset`; an interval job’s latest run, or the run `run_id`. */
        get: operations["listAccountJobResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/jobs/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description An interval job’s runs newest first, with its interval and next run. */
        get: operations["listAccountJobRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The account’s price history of one value, as `GET /history` (JSON, or CSV with `format=csv`). */
        get: operations["getAccountHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The sources the account may use, with their countries, keys and topics (for the submission form). */
        get: operations["listAccountSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    delivery: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A webhook delivery to callback_url
         * @description Signed with the job's `webhook_secret` (decisions C3: `X-Service-Signature`, `X-Service-Timestamp`, `X-Service-Delivery-Id`, `X-Signature`); a 2xx acknowledges it, anything else is retried (docs/streams.md, docs/change-alerts.md).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Same on every attempt and replay; de-duplicate on it. */
                        delivery_id: string;
                        /** @description The job, or the run of an interval job. */
                        job_id: string;
                        source: string;
                        country: string;
                        /** @description 1-based per job, never renumbered (decisions G27). */
                        batch_sequence: number;
                        is_final: boolean;
                        values_total: number;
                        values_done: number;
                        values_errors: number;
                        client_ref: string | null;
                        /** @description Every result of the range; with `deliver: "changes"` only the changed ones, possibly none (decisions G40). */
                        results: {
                            /** @description `<key>:<value>`. */
                            key: string;
                            /** @description Position of the value in the job (decisions G20). */
                            index: number;
                            completed_at: string | null;
                            result: {
                                query: {
                                    source: string;
                                    country: string;
                                    key: string;
                                    value: string;
                                };
                                content: {
                                    [key: string]: unknown;
                                } | null;
                                success: boolean;
                                reason: string | null;
                                updated_at: string | null;
                                served_from: "live" | "cache";
                                observed_at: string | null;
                                trust: {
                                    [key: string]: unknown;
                                };
                                meta?: {
                                    [key: string]: unknown;
                                };
                            } | null;
                            /** @description Runs of an interval job with `deliver: "changes"` only (decisions G40): what the changed figures were; null the first time a value is seen. */
                            previous?: {
                                price_min: number | null;
                                price_max: number | null;
                                price_avg: number | null;
                                availability: string | null;
                                buybox_price: number | null;
                                observed_at: string | null;
                            } | null;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "version": "4.0"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                        version: string;
                    };
                };
            };
            /** @description Not ready: the database is unreachable or the service is shutting down. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "database unreachable"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text format 0.0.4. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description `METRICS_TOKEN` is set and the bearer token is missing or wrong (spec 7.2 body). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "metrics need Authorization: Bearer <METRICS_TOKEN>"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
        };
    };
    submitJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1 to 255 characters. A repeated submission with the same key and body within 24 hours answers the first job instead of creating another (decisions G26). */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `source_01` … `source_12`, or `web`: any shop by the URL of a product page (decisions G35). */
                    source: string;
                    country: string;
                    /** @description A key of the source (`term`, `id`, `gtin`, `pzn`, `item_code`, `product`); `url` for `web`, where a string of `values` is one URL, not split at commas. */
                    key?: string;
                    topic?: string;
                    values: string[] | string;
                    max_pages?: number;
                    max_age?: number;
                    sort_by?: string;
                    timeout?: number;
                    callback_url?: string;
                    not_found_max_age?: number;
                    include_meta?: boolean;
                    wait?: number | boolean;
                    client_ref?: string | null;
                    delivery_batch_size?: number;
                    fetch_seller_names?: boolean;
                    interval?: number;
                    /** @description Interval jobs only (decisions G40): `all` (default) delivers every result of each run; `changes` only the results whose price figures, availability, buy box or offer count moved since the previous run, each with `previous`. Needs `callback_url`. */
                    deliver?: string;
                };
            };
        };
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job": {
                     *         "_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                     *         "source": "source_01",
                     *         "country": "de",
                     *         "key": "id",
                     *         "topic": "search",
                     *         "values": [
                     *           "5863521"
                     *         ],
                     *         "max_pages": 1,
                     *         "max_age": 0,
                     *         "sort_by": "ranking_descending",
                     *         "timeout": 60,
                     *         "not_found_max_age": 30,
                     *         "include_meta": false,
                     *         "fetch_seller_names": false,
                     *         "callback_url": null,
                     *         "status": "new",
                     *         "createdAt": "2025-03-01T10:15:00.000Z",
                     *         "updatedAt": "2025-03-01T10:15:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        /**
                         * @example {
                         *       "_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                         *       "source": "source_01",
                         *       "country": "de",
                         *       "key": "id",
                         *       "topic": "search",
                         *       "values": [
                         *         "5863521"
                         *       ],
                         *       "max_pages": 1,
                         *       "max_age": 0,
                         *       "sort_by": "ranking_descending",
                         *       "timeout": 60,
                         *       "not_found_max_age": 30,
                         *       "include_meta": false,
                         *       "fetch_seller_names": false,
                         *       "callback_url": null,
                         *       "status": "new",
                         *       "createdAt": "2025-03-01T10:15:00.000Z",
                         *       "updatedAt": "2025-03-01T10:15:00.000Z"
                         *     }
                         */
                        job: {
                            /** @description 24-hex-character job id. */
                            _id: string;
                            source: string;
                            country: string;
                            key: string;
                            topic: string;
                            values: string[];
                            max_pages: number;
                            max_age: number;
                            sort_by: string;
                            /** @description Minutes. */
                            timeout: number;
                            not_found_max_age: number;
                            include_meta: boolean;
                            fetch_seller_names: boolean;
                            callback_url: string | null;
                            /** @description spec 3.1: `new`, `working`, `finished` or `failed`. */
                            status: "new" | "working" | "finished" | "failed";
                            /** @description Interval jobs only: minutes between runs. */
                            interval?: number;
                            next_run_at?: string | null;
                            /** @description Interval jobs only (decisions G40): each run delivers every result (`all`) or only the changed ones (`changes`). */
                            deliver?: "all" | "changes";
                            createdAt: string;
                            updatedAt: string;
                        };
                        /** @enum {boolean} */
                        wait_timed_out?: true;
                        /** @description With `wait` settled. */
                        results?: {
                            /** @description The input value this result belongs to. */
                            key: string;
                            success: boolean;
                            /** @description `not found`, `source currently unavailable`, `timeout`, `parameter_invalid` or null. */
                            reason: string | null;
                            /** @description decisions G37: on a `parameter_invalid` result (and a `web` refusal without a fetch), a sentence naming what is wrong with the value, such as `GTIN check digit is 2, not 3`; absent on every other result. */
                            reason_detail?: string;
                            content: {
                                [key: string]: unknown;
                            } | null;
                            served_from: "live" | "cache";
                            observed_at: string | null;
                            /** @description spec 2.5: how far the result can be trusted, 0..1. */
                            trust: {
                                score: number;
                                components: {
                                    identity: number;
                                    completeness: number;
                                    price_integrity: number;
                                    offer_contamination: number;
                                    freshness: number;
                                };
                                /** @description Indices into `content.offers` of offers flagged as price outliers. */
                                flagged_offers: number[];
                                /** @description decisions G38: indices into `content.offers` of offers for another product (an accessory, a used or refurbished unit, another model). Absent only on results recorded before it was introduced. */
                                wrong_product_offers?: number[];
                            };
                            /** @description spec 2.6: present when `include_meta` was true. */
                            meta?: {
                                crawls: ({
                                    crawl_id: string;
                                    url: string;
                                    http_status: number;
                                    duration_ms: number;
                                    observed_at: string;
                                    geo: string | null;
                                    job_type: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                partial?: boolean;
                            } & {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @description With `callback_url`: signs deliveries. */
                        webhook_secret?: string;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "malformed JSON body: Unexpected end of JSON input"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body exceeds the route’s limit (BODY_LIMIT_BYTES, or STREAM_BODY_LIMIT_BYTES for POST /stream). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "request body too large: the limit is 16777216 bytes"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "unsupported media type: send application/json"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: {
                /** @description Seconds to wait for the job to end. */
                wait?: number;
            };
            header?: never;
            path: {
                /**
                 * @description 24-hex-character job id.
                 * @example 65f1c2a9e4b0a1b2c3d4e5f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job": {
                     *         "_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                     *         "status": "working",
                     *         "done": 3,
                     *         "all": 10
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        /** @enum {boolean} */
                        wait_timed_out?: true;
                        job: {
                            _id: string;
                            /** @description spec 3.1: `new`, `working`, `finished` or `failed`. */
                            status: "new" | "working" | "finished" | "failed";
                            /** @description Values with a result so far. */
                            done: number;
                            /** @description Values in the job. */
                            all: number;
                            failure_reason?: string | null;
                            interval?: number;
                            next_run_at?: string | null;
                            run_id?: string | null;
                            last_run_error?: string | null;
                        };
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    updateIntervalJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex-character job id.
                 * @example 65f1c2a9e4b0a1b2c3d4e5f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    values?: string[] | string;
                    max_pages?: number;
                    max_age?: number;
                    sort_by?: string;
                    topic?: string;
                    timeout?: number;
                    /** @description decisions G40: `all` or `changes`. */
                    deliver?: string;
                };
            };
        };
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job": {
                     *         "_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                     *         "source": "source_01",
                     *         "country": "de",
                     *         "key": "id",
                     *         "topic": "search",
                     *         "values": [
                     *           "5863521"
                     *         ],
                     *         "max_pages": 1,
                     *         "max_age": 0,
                     *         "sort_by": "ranking_descending",
                     *         "timeout": 60,
                     *         "not_found_max_age": 30,
                     *         "include_meta": false,
                     *         "fetch_seller_names": false,
                     *         "callback_url": null,
                     *         "status": "new",
                     *         "createdAt": "2025-03-01T10:15:00.000Z",
                     *         "updatedAt": "2025-03-01T10:15:00.000Z",
                     *         "interval": 60,
                     *         "next_run_at": "2025-03-01T11:15:00.000Z",
                     *         "deliver": "changes"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        /**
                         * @example {
                         *       "_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                         *       "source": "source_01",
                         *       "country": "de",
                         *       "key": "id",
                         *       "topic": "search",
                         *       "values": [
                         *         "5863521"
                         *       ],
                         *       "max_pages": 1,
                         *       "max_age": 0,
                         *       "sort_by": "ranking_descending",
                         *       "timeout": 60,
                         *       "not_found_max_age": 30,
                         *       "include_meta": false,
                         *       "fetch_seller_names": false,
                         *       "callback_url": null,
                         *       "status": "new",
                         *       "createdAt": "2025-03-01T10:15:00.000Z",
                         *       "updatedAt": "2025-03-01T10:15:00.000Z"
                         *     }
                         */
                        job: {
                            /** @description 24-hex-character job id. */
                            _id: string;
                            source: string;
                            country: string;
                            key: string;
                            topic: string;
                            values: string[];
                            max_pages: number;
                            max_age: number;
                            sort_by: string;
                            /** @description Minutes. */
                            timeout: number;
                            not_found_max_age: number;
                            include_meta: boolean;
                            fetch_seller_names: boolean;
                            callback_url: string | null;
                            /** @description spec 3.1: `new`, `working`, `finished` or `failed`. */
                            status: "new" | "working" | "finished" | "failed";
                            /** @description Interval jobs only: minutes between runs. */
                            interval?: number;
                            next_run_at?: string | null;
                            /** @description Interval jobs only (decisions G40): each run delivers every result (`all`) or only the changed ones (`changes`). */
                            deliver?: "all" | "changes";
                            createdAt: string;
                            updatedAt: string;
                        };
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "malformed JSON body: Unexpected end of JSON input"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body exceeds the route’s limit (BODY_LIMIT_BYTES, or STREAM_BODY_LIMIT_BYTES for POST /stream). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "request body too large: the limit is 16777216 bytes"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "unsupported media type: send application/json"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    deleteIntervalJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex-character job id.
                 * @example 65f1c2a9e4b0a1b2c3d4e5f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "message": "job deleted"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        message: string;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    downloadJob: {
        parameters: {
            query?: {
                /** @description `json` (default), `csv` or `xlsx`. */
                format?: "json" | "csv" | "xlsx";
            };
            header?: never;
            path: {
                /**
                 * @description 24-hex-character job id.
                 * @example 65f1c2a9e4b0a1b2c3d4e5f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer as JSON or a file, or `{error:true, message}` for a refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        job_id: string;
                        /** @description spec 3.1: `new`, `working`, `finished` or `failed`. */
                        status: "new" | "working" | "finished" | "failed";
                        results: {
                            /** @description The input value this result belongs to. */
                            key: string;
                            success: boolean;
                            /** @description `not found`, `source currently unavailable`, `timeout`, `parameter_invalid` or null. */
                            reason: string | null;
                            /** @description decisions G37: on a `parameter_invalid` result (and a `web` refusal without a fetch), a sentence naming what is wrong with the value, such as `GTIN check digit is 2, not 3`; absent on every other result. */
                            reason_detail?: string;
                            content: {
                                [key: string]: unknown;
                            } | null;
                            served_from: "live" | "cache";
                            observed_at: string | null;
                            /** @description spec 2.5: how far the result can be trusted, 0..1. */
                            trust: {
                                score: number;
                                components: {
                                    identity: number;
                                    completeness: number;
                                    price_integrity: number;
                                    offer_contamination: number;
                                    freshness: number;
                                };
                                /** @description Indices into `content.offers` of offers flagged as price outliers. */
                                flagged_offers: number[];
                                /** @description decisions G38: indices into `content.offers` of offers for another product (an accessory, a used or refurbished unit, another model). Absent only on results recorded before it was introduced. */
                                wrong_product_offers?: number[];
                            };
                            /** @description spec 2.6: present when `include_meta` was true. */
                            meta?: {
                                crawls: ({
                                    crawl_id: string;
                                    url: string;
                                    http_status: number;
                                    duration_ms: number;
                                    observed_at: string;
                                    geo: string | null;
                                    job_type: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                partial?: boolean;
                            } & {
                                [key: string]: unknown;
                            };
                        }[];
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    downloadJobCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex-character job id.
                 * @example 65f1c2a9e4b0a1b2c3d4e5f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, or `{error:true, message}` (JSON) for a refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                    "text/csv": string;
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    downloadJobXlsx: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex-character job id.
                 * @example 65f1c2a9e4b0a1b2c3d4e5f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, or `{error:true, message}` (JSON) for a refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    listJobDeliveries: {
        parameters: {
            query?: {
                /** @description Rows to skip (default 0). */
                offset?: number;
                /** @description Page size (default 100, at most 1000). */
                limit?: number;
                status?: "pending" | "delivered" | "failed" | "dead_lettered";
            };
            header?: never;
            path: {
                /**
                 * @description 24-hex-character job id.
                 * @example 65f1c2a9e4b0a1b2c3d4e5f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                     *       "offset": 0,
                     *       "limit": 100,
                     *       "total": 1,
                     *       "count": 1,
                     *       "deliveries": [
                     *         {
                     *           "_id": "65f1c2b3e4b0a1b2c3d4e5f7",
                     *           "job_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                     *           "batch_sequence": 1,
                     *           "status": "delivered",
                     *           "attempts": 1,
                     *           "results_count": 100,
                     *           "is_final": false,
                     *           "last_http_status": 200,
                     *           "last_error": null,
                     *           "created_at": "2025-03-01T10:16:00.000Z",
                     *           "last_attempt_at": "2025-03-01T10:16:00.120Z",
                     *           "next_attempt_at": null,
                     *           "delivered_at": "2025-03-01T10:16:00.180Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        job_id: string;
                        offset: number;
                        limit: number;
                        /** @description Deliveries matching the filter in all pages. */
                        total: number;
                        count: number;
                        deliveries: {
                            _id: string;
                            job_id: string;
                            batch_sequence: number;
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed" | "dead_lettered";
                            attempts: number;
                            results_count: number;
                            is_final: boolean;
                            last_http_status: number | null;
                            last_error: string | null;
                            created_at: string;
                            last_attempt_at: string | null;
                            next_attempt_at: string | null;
                            delivered_at: string | null;
                        }[];
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    replayJobDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex-character job id.
                 * @example 65f1c2a9e4b0a1b2c3d4e5f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "replayed": 2
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        /** @description Deliveries moved back to pending. */
                        replayed: number;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    getHistory: {
        parameters: {
            query: {
                source: string;
                country: string;
                key: string;
                value: string;
                /** @description ISO 8601 date (whole day) or date-time with a zone. */
                from?: string;
                /** @description ISO 8601 date (whole day, inclusive) or date-time. */
                to?: string;
                /** @description `json` (default), `csv` or `xlsx`. */
                format?: string;
                /** @description Points to skip (default 0). */
                offset?: number;
                /** @description Page size (default 100, at most 1000). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer as JSON or a file, or `{error:true, message}` for a refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        source: string;
                        country: string;
                        key: string;
                        value: string;
                        from: string | null;
                        to: string | null;
                        offset: number;
                        limit: number;
                        /** @description Points matching the query in all pages. */
                        total: number;
                        /** @description Points in this page. */
                        count: number;
                        points: {
                            observed_at: string;
                            topic: string;
                            found: boolean;
                            price_min: number | null;
                            price_avg: number | null;
                            price_max: number | null;
                            offers_count: number | null;
                            buybox_price: number | null;
                            currency: string | null;
                        }[];
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    submitStream: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1 to 255 characters. A repeated submission with the same key and body within 24 hours answers the first job instead of creating another (decisions G26). */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `source_01` … `source_12`, or `web`: any shop by the URL of a product page (decisions G35). */
                    source: string;
                    country: string;
                    /** @description A key of the source (`term`, `id`, `gtin`, `pzn`, `item_code`, `product`); `url` for `web`, where a string of `values` is one URL, not split at commas. */
                    key?: string;
                    topic?: string;
                    values: string[] | string;
                    max_pages?: number;
                    max_age?: number;
                    sort_by?: string;
                    timeout?: number;
                    callback_url?: string;
                    not_found_max_age?: number;
                    include_meta?: boolean;
                    wait?: number | boolean;
                    client_ref?: string | null;
                    delivery_batch_size?: number;
                    fetch_seller_names?: boolean;
                    interval?: number;
                    /** @description Interval jobs only (decisions G40): `all` (default) delivers every result of each run; `changes` only the results whose price figures, availability, buy box or offer count moved since the previous run, each with `previous`. Needs `callback_url`. */
                    deliver?: string;
                };
            };
        };
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                     *       "webhook_secret": "9f2c4e6a8b0d1f3e5a7c9e1b3d5f7a9c2e4a6c8e0b2d4f6a8c0e2a4c6e8a0b2d",
                     *       "client_ref": "catalogue-2025-03"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        job_id: string;
                        /** @description 64 hex characters; shown only in this answer. */
                        webhook_secret: string;
                        client_ref: string | null;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "malformed JSON body: Unexpected end of JSON input"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body exceeds the route’s limit (BODY_LIMIT_BYTES, or STREAM_BODY_LIMIT_BYTES for POST /stream). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "request body too large: the limit is 16777216 bytes"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "unsupported media type: send application/json"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    getStream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex-character job id.
                 * @example 65f1c2a9e4b0a1b2c3d4e5f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                     *       "status": "working",
                     *       "values_total": 250,
                     *       "values_done": 100,
                     *       "values_errors": 2,
                     *       "is_final": false,
                     *       "batches_emitted": 1,
                     *       "deliveries": {
                     *         "pending": 0,
                     *         "delivered": 1,
                     *         "failed": 0,
                     *         "dead_lettered": 0
                     *       },
                     *       "client_ref": "catalogue-2025-03",
                     *       "createdAt": "2025-03-01T10:15:00.000Z",
                     *       "updatedAt": "2025-03-01T10:16:40.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        job_id: string;
                        /** @description `new`, `working`, `finished` or `failed`. */
                        status: string;
                        values_total: number;
                        values_done: number;
                        values_errors: number;
                        /** @description True once the last delivery batch was assembled. */
                        is_final: boolean;
                        batches_emitted: number;
                        /** @description Deliveries by status. */
                        deliveries: {
                            pending: number;
                            delivered: number;
                            failed: number;
                            dead_lettered: number;
                        };
                        client_ref: string | null;
                        createdAt: string;
                        updatedAt: string;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    listStreamResults: {
        parameters: {
            query?: {
                /** @description Results to skip (completion order). */
                offset?: number;
                /** @description Page size (default 100, at most 1000). */
                limit?: number;
                /** @description 1-based delivery batch sequence; when given, `offset` and `limit` are ignored. */
                batch?: number;
            };
            header?: never;
            path: {
                /**
                 * @description 24-hex-character job id.
                 * @example 65f1c2a9e4b0a1b2c3d4e5f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                     *       "values_total": 250,
                     *       "values_done": 100,
                     *       "values_errors": 2,
                     *       "is_final": false,
                     *       "offset": 0,
                     *       "limit": 1,
                     *       "count": 1,
                     *       "results": [
                     *         {
                     *           "_id": "65f1c2a9e4b0a1b2c3d4e5f6-0",
                     *           "result": {
                     *             "key": "5863521",
                     *             "success": true,
                     *             "reason": null,
                     *             "content": {
                     *               "id": "5863521",
                     *               "product_id": "5863521",
                     *               "name": "Acme Kettle 1.7 l",
                     *               "url": "https://example.com/product/5863521",
                     *               "price_min": 24.99,
                     *               "price_max": 29.99,
                     *               "price_avg": 27.49,
                     *               "offers_count": 2,
                     *               "price_min_all": 9.99,
                     *               "price_max_all": 29.99,
                     *               "price_avg_all": 21.66,
                     *               "offers_count_all": 3,
                     *               "offers": [
                     *                 {
                     *                   "position": 1,
                     *                   "price": 9.99,
                     *                   "currency": "EUR",
                     *                   "shipping": 0,
                     *                   "total": 9.99,
                     *                   "seller_name": "Shop C",
                     *                   "condition": "used"
                     *                 },
                     *                 {
                     *                   "position": 2,
                     *                   "price": 24.99,
                     *                   "currency": "EUR",
                     *                   "shipping": 0,
                     *                   "total": 24.99,
                     *                   "seller_name": "Shop A",
                     *                   "condition": "new"
                     *                 },
                     *                 {
                     *                   "position": 3,
                     *                   "price": 29.99,
                     *                   "currency": "EUR",
                     *                   "shipping": 3.9,
                     *                   "total": 33.89,
                     *                   "seller_name": "Shop B",
                     *                   "condition": "new"
                     *                 }
                     *               ]
                     *             },
                     *             "served_from": "live",
                     *             "observed_at": "2025-03-01T10:15:02.311Z",
                     *             "trust": {
                     *               "score": 0.93,
                     *               "components": {
                     *                 "identity": 1,
                     *                 "completeness": 0.9,
                     *                 "price_integrity": 0.95,
                     *                 "offer_contamination": 0.667,
                     *                 "freshness": 0.7
                     *               },
                     *               "flagged_offers": [],
                     *               "wrong_product_offers": [
                     *                 0
                     *               ]
                     *             }
                     *           },
                     *           "source": "source_01",
                     *           "country": "de",
                     *           "index": 0,
                     *           "completed_at": "2025-03-01T10:15:02.400Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        job_id: string;
                        values_total: number;
                        values_done: number;
                        values_errors: number;
                        is_final: boolean;
                        batch?: number;
                        offset: number;
                        limit: number;
                        /** @description Results in this page. */
                        count: number;
                        results: {
                            _id: string;
                            result: {
                                /** @description The input value this result belongs to. */
                                key: string;
                                success: boolean;
                                /** @description `not found`, `source currently unavailable`, `timeout`, `parameter_invalid` or null. */
                                reason: string | null;
                                /** @description decisions G37: on a `parameter_invalid` result (and a `web` refusal without a fetch), a sentence naming what is wrong with the value, such as `GTIN check digit is 2, not 3`; absent on every other result. */
                                reason_detail?: string;
                                content: {
                                    [key: string]: unknown;
                                } | null;
                                served_from: "live" | "cache";
                                observed_at: string | null;
                                /** @description spec 2.5: how far the result can be trusted, 0..1. */
                                trust: {
                                    score: number;
                                    components: {
                                        identity: number;
                                        completeness: number;
                                        price_integrity: number;
                                        offer_contamination: number;
                                        freshness: number;
                                    };
                                    /** @description Indices into `content.offers` of offers flagged as price outliers. */
                                    flagged_offers: number[];
                                    /** @description decisions G38: indices into `content.offers` of offers for another product (an accessory, a used or refurbished unit, another model). Absent only on results recorded before it was introduced. */
                                    wrong_product_offers?: number[];
                                };
                                /** @description spec 2.6: present when `include_meta` was true. */
                                meta?: {
                                    crawls: ({
                                        crawl_id: string;
                                        url: string;
                                        http_status: number;
                                        duration_ms: number;
                                        observed_at: string;
                                        geo: string | null;
                                        job_type: string;
                                    } & {
                                        [key: string]: unknown;
                                    })[];
                                    partial?: boolean;
                                } & {
                                    [key: string]: unknown;
                                };
                            } | null;
                            source: string;
                            country: string;
                            /** @description 0-based position of the value in the submission. */
                            index: number;
                            completed_at: string | null;
                        }[];
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    listStreamDeliveries: {
        parameters: {
            query?: {
                /** @description Rows to skip (default 0). */
                offset?: number;
                /** @description Page size (default 100, at most 1000). */
                limit?: number;
                status?: "pending" | "delivered" | "failed" | "dead_lettered";
            };
            header?: never;
            path: {
                /**
                 * @description 24-hex-character job id.
                 * @example 65f1c2a9e4b0a1b2c3d4e5f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                     *       "offset": 0,
                     *       "limit": 100,
                     *       "total": 1,
                     *       "count": 1,
                     *       "deliveries": [
                     *         {
                     *           "_id": "65f1c2b3e4b0a1b2c3d4e5f7",
                     *           "job_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                     *           "batch_sequence": 1,
                     *           "status": "delivered",
                     *           "attempts": 1,
                     *           "results_count": 100,
                     *           "is_final": false,
                     *           "last_http_status": 200,
                     *           "last_error": null,
                     *           "created_at": "2025-03-01T10:16:00.000Z",
                     *           "last_attempt_at": "2025-03-01T10:16:00.120Z",
                     *           "next_attempt_at": null,
                     *           "delivered_at": "2025-03-01T10:16:00.180Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        job_id: string;
                        offset: number;
                        limit: number;
                        /** @description Deliveries matching the filter in all pages. */
                        total: number;
                        count: number;
                        deliveries: {
                            _id: string;
                            job_id: string;
                            batch_sequence: number;
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed" | "dead_lettered";
                            attempts: number;
                            results_count: number;
                            is_final: boolean;
                            last_http_status: number | null;
                            last_error: string | null;
                            created_at: string;
                            last_attempt_at: string | null;
                            next_attempt_at: string | null;
                            delivered_at: string | null;
                        }[];
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    replayStreamDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex-character job id.
                 * @example 65f1c2a9e4b0a1b2c3d4e5f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "replayed": 2
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        /** @description Deliveries moved back to pending. */
                        replayed: number;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    replayDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 24-hex-character delivery id.
                 * @example 65f1c2b3e4b0a1b2c3d4e5f7
                 */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "delivery_id": "65f1c2b3e4b0a1b2c3d4e5f7",
                     *       "status": "pending"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        delivery_id: string;
                        /** @enum {string} */
                        status: "pending" | "delivered" | "failed" | "dead_lettered";
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description Missing or invalid credentials (spec part 7.2: `error` is a string here). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "user not found",
                     *       "message": "missing or invalid credentials"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description The account is suspended (decisions C2). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "account suspended",
                     *       "message": "account suspended"
                     *     }
                     */
                    "application/json": {
                        error: string;
                        message: string;
                    };
                };
            };
            /** @description No such delivery for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "delivery not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "demo@localhost",
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                    /** @description true: set the HttpOnly session cookies instead */
                    cookie?: boolean;
                };
            };
        };
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "token": "eyJhbGciOiJFUzI1NiIsImtpZCI6InNlc3Npb24tMSJ9.eyJzdWIiOiI2NTAwMDAwMDAwMDAwMDAwMDAwMDAwMDEifQ.c2ln",
                     *       "token_type": "Bearer",
                     *       "expires_in": 900,
                     *       "refresh_token": "rt_Yh3kQ0m1bW4vS2n8Zp5tR7xC9dF1gH3jK5lM7nP9qR1"
                     *     }
                     */
                    "application/json": ({
                        /** @enum {boolean} */
                        error: false;
                        /** @description session JWT (ES256, audience pricecrawl-dashboard) */
                        token: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        /** @description seconds */
                        expires_in: number;
                        /** @description single use: each refresh answers a new one */
                        refresh_token: string;
                    } | {
                        /** @enum {boolean} */
                        error: false;
                        /** @enum {string} */
                        token_type: "cookie";
                        /** @description seconds */
                        expires_in: number;
                    }) | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "malformed JSON body: Unexpected end of JSON input"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such route, or password sign-in is off because an OpenID Connect provider issues sessions. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "password sign-in is off: sessions come from the OpenID Connect provider"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body exceeds the route’s limit (BODY_LIMIT_BYTES, or STREAM_BODY_LIMIT_BYTES for POST /stream). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "request body too large: the limit is 16777216 bytes"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "unsupported media type: send application/json"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Too many failed sign-ins for this email or address; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "too many failed sign-ins: try again later"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    refreshSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "refresh_token": "rt_Yh3kQ0m1bW4v…"
                 *     }
                 */
                "application/json": {
                    /** @description absent: the refresh cookie is used */
                    refresh_token?: string;
                };
            };
        };
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "token": "eyJhbGciOiJFUzI1NiIsImtpZCI6InNlc3Npb24tMSJ9.eyJzdWIiOiI2NTAwMDAwMDAwMDAwMDAwMDAwMDAwMDEifQ.c2ln",
                     *       "token_type": "Bearer",
                     *       "expires_in": 900,
                     *       "refresh_token": "rt_Yh3kQ0m1bW4vS2n8Zp5tR7xC9dF1gH3jK5lM7nP9qR1"
                     *     }
                     */
                    "application/json": ({
                        /** @enum {boolean} */
                        error: false;
                        /** @description session JWT (ES256, audience pricecrawl-dashboard) */
                        token: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        /** @description seconds */
                        expires_in: number;
                        /** @description single use: each refresh answers a new one */
                        refresh_token: string;
                    } | {
                        /** @enum {boolean} */
                        error: false;
                        /** @enum {string} */
                        token_type: "cookie";
                        /** @description seconds */
                        expires_in: number;
                    }) | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "malformed JSON body: Unexpected end of JSON input"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description A change authenticated by the session cookie without the matching `x-csrf-token` header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "missing or wrong CSRF token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No such route, or password sign-in is off because an OpenID Connect provider issues sessions. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "password sign-in is off: sessions come from the OpenID Connect provider"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body exceeds the route’s limit (BODY_LIMIT_BYTES, or STREAM_BODY_LIMIT_BYTES for POST /stream). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "request body too large: the limit is 16777216 bytes"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "unsupported media type: send application/json"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "refresh_token": "rt_Yh3kQ0m1bW4v…"
                 *     }
                 */
                "application/json": {
                    /** @description absent: the refresh cookie is used */
                    refresh_token?: string;
                };
            };
        };
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "malformed JSON body: Unexpected end of JSON input"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description A change authenticated by the session cookie without the matching `x-csrf-token` header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "missing or wrong CSRF token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body exceeds the route’s limit (BODY_LIMIT_BYTES, or STREAM_BODY_LIMIT_BYTES for POST /stream). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "request body too large: the limit is 16777216 bytes"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "unsupported media type: send application/json"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    sessionJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "keys": [
                     *         {
                     *           "kty": "EC",
                     *           "crv": "P-256",
                     *           "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
                     *           "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0",
                     *           "kid": "session-1",
                     *           "alg": "ES256",
                     *           "use": "sig"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        keys: ({
                            kty: string;
                            kid: string;
                            alg: string;
                            use: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    getAccountMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "user": {
                     *         "id": "6742f0a1b2c3d4e5f6a7b8ca",
                     *         "email": "demo@localhost"
                     *       },
                     *       "account": {
                     *         "id": "6742f0a1b2c3d4e5f6a7b8cb",
                     *         "name": "demo",
                     *         "status": "active"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        user: {
                            id: string;
                            email: string;
                        };
                        account: {
                            id: string;
                            name: string;
                            status: string;
                        };
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    getAccountCredits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "balance": 99840,
                     *       "reserved": 10,
                     *       "available": 99840,
                     *       "spent_this_month": 150,
                     *       "overage": false,
                     *       "budget_cap": null
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        /** @description granted minus spent minus what running jobs hold */
                        balance: number;
                        /** @description held by running jobs (their worst case not yet settled) */
                        reserved: number;
                        /** @description what a new submission may reserve now; null: no limit (overage on, no cap) */
                        available: number | null;
                        spent_this_month: number;
                        overage: boolean;
                        budget_cap: number | null;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    getAccountPlan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "plan": "self-serve",
                     *       "sources": "all",
                     *       "cache_reuse": true
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        /** @enum {string} */
                        plan: "self-serve" | "enterprise";
                        sources: "all" | string[];
                        cache_reuse: boolean;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    getAccountBilling: {
        parameters: {
            query?: {
                /** @description Page size (default 50, at most 500). */
                limit?: number;
                /** @description The `next_cursor` of the previous page; absent for the first page. */
                cursor?: string;
                group?: "day";
                /** @description with group=day: how many days */
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ({
                        /** @enum {boolean} */
                        error: false;
                        entries: {
                            /** Format: date-time */
                            at: string;
                            /** @enum {string} */
                            kind: "grant" | "reserve" | "charge" | "release" | "overage";
                            /** @description signed: grants and releases add, the rest subtract */
                            amount: number;
                            job_id: string | null;
                            balance_after: number;
                        }[];
                        next_cursor: string | null;
                    } | {
                        /** @enum {boolean} */
                        error: false;
                        days: {
                            /** Format: date */
                            date: string;
                            spent: number;
                        }[];
                    }) | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "keys": [
                     *         {
                     *           "id": "6742f0a1b2c3d4e5f6a7b8c9",
                     *           "name": "production",
                     *           "prefix": "svc_live_Q2xp",
                     *           "created_at": "2026-11-24T09:20:00.000Z",
                     *           "last_used_at": null,
                     *           "revoked_at": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        keys: {
                            id: string;
                            name: string;
                            /** @description first 13 characters of the key, to tell keys apart */
                            prefix: string;
                            /** Format: date-time */
                            created_at: string;
                            last_used_at: string | null;
                            revoked_at: string | null;
                        }[];
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "production"
                 *     }
                 */
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "key": {
                     *         "id": "6742f0a1b2c3d4e5f6a7b8c9",
                     *         "name": "production",
                     *         "prefix": "svc_live_Q2xp",
                     *         "created_at": "2026-11-24T09:20:00.000Z",
                     *         "last_used_at": null,
                     *         "revoked_at": null
                     *       },
                     *       "api_key": "svc_live_Q2xpZW50S2V5RXhhbXBsZV9fX19fX19fX19fX19fX19fX18"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        key: {
                            id: string;
                            name: string;
                            /** @description first 13 characters of the key, to tell keys apart */
                            prefix: string;
                            /** Format: date-time */
                            created_at: string;
                            last_used_at: string | null;
                            revoked_at: string | null;
                        };
                        /** @description the raw key: shown in this answer only */
                        api_key: string;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "malformed JSON body: Unexpected end of JSON input"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description A change authenticated by the session cookie without the matching `x-csrf-token` header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "missing or wrong CSRF token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body exceeds the route’s limit (BODY_LIMIT_BYTES, or STREAM_BODY_LIMIT_BYTES for POST /stream). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "request body too large: the limit is 16777216 bytes"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "unsupported media type: send application/json"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    rotateApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "key": {
                     *         "id": "6742f0a1b2c3d4e5f6a7b8c9",
                     *         "name": "production",
                     *         "prefix": "svc_live_Q2xp",
                     *         "created_at": "2026-11-24T09:20:00.000Z",
                     *         "last_used_at": null,
                     *         "revoked_at": null
                     *       },
                     *       "api_key": "svc_live_Q2xpZW50S2V5RXhhbXBsZV9fX19fX19fX19fX19fX19fX18"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        key: {
                            id: string;
                            name: string;
                            /** @description first 13 characters of the key, to tell keys apart */
                            prefix: string;
                            /** Format: date-time */
                            created_at: string;
                            last_used_at: string | null;
                            revoked_at: string | null;
                        };
                        /** @description the raw key: shown in this answer only */
                        api_key: string;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description A change authenticated by the session cookie without the matching `x-csrf-token` header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "missing or wrong CSRF token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No such api key for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "api key not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "key": {
                     *         "id": "6742f0a1b2c3d4e5f6a7b8c9",
                     *         "name": "production",
                     *         "prefix": "svc_live_Q2xp",
                     *         "created_at": "2026-11-24T09:20:00.000Z",
                     *         "last_used_at": null,
                     *         "revoked_at": "2026-11-24T10:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        key: {
                            id: string;
                            name: string;
                            /** @description first 13 characters of the key, to tell keys apart */
                            prefix: string;
                            /** Format: date-time */
                            created_at: string;
                            last_used_at: string | null;
                            revoked_at: string | null;
                        };
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description A change authenticated by the session cookie without the matching `x-csrf-token` header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "missing or wrong CSRF token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No such api key for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "api key not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    getBudgetCap: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "overage": false,
                     *       "budget_cap": 5000
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        /** @description true: spending may continue past a zero balance */
                        overage: boolean;
                        /** @description most credits spent per calendar month (UTC); null: no cap */
                        budget_cap: number | null;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    updateBudgetCap: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "overage": true,
                 *       "budget_cap": 5000
                 *     }
                 */
                "application/json": {
                    overage?: boolean;
                    budget_cap?: number | null;
                };
            };
        };
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "overage": false,
                     *       "budget_cap": 5000
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        /** @description true: spending may continue past a zero balance */
                        overage: boolean;
                        /** @description most credits spent per calendar month (UTC); null: no cap */
                        budget_cap: number | null;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "malformed JSON body: Unexpected end of JSON input"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description A change authenticated by the session cookie without the matching `x-csrf-token` header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "missing or wrong CSRF token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body exceeds the route’s limit (BODY_LIMIT_BYTES, or STREAM_BODY_LIMIT_BYTES for POST /stream). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "request body too large: the limit is 16777216 bytes"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "unsupported media type: send application/json"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    getOverage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "overage": false,
                     *       "budget_cap": 5000
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        /** @description true: spending may continue past a zero balance */
                        overage: boolean;
                        /** @description most credits spent per calendar month (UTC); null: no cap */
                        budget_cap: number | null;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    updateOverage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "overage": true,
                 *       "budget_cap": 5000
                 *     }
                 */
                "application/json": {
                    overage?: boolean;
                    budget_cap?: number | null;
                };
            };
        };
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "overage": false,
                     *       "budget_cap": 5000
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        /** @description true: spending may continue past a zero balance */
                        overage: boolean;
                        /** @description most credits spent per calendar month (UTC); null: no cap */
                        budget_cap: number | null;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "malformed JSON body: Unexpected end of JSON input"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description A change authenticated by the session cookie without the matching `x-csrf-token` header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "missing or wrong CSRF token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body exceeds the route’s limit (BODY_LIMIT_BYTES, or STREAM_BODY_LIMIT_BYTES for POST /stream). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "request body too large: the limit is 16777216 bytes"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "unsupported media type: send application/json"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    getAccountAudit: {
        parameters: {
            query?: {
                /** @description Page size (default 50, at most 500). */
                limit?: number;
                /** @description The `next_cursor` of the previous page; absent for the first page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "entries": [
                     *         {
                     *           "id": "6742f3a2b3c4d5e6f7a8b9c2",
                     *           "at": "2026-11-24T10:00:00.000Z",
                     *           "actor": "user:demo@localhost",
                     *           "action": "api_key.revoke",
                     *           "target": "6742f0a1b2c3d4e5f6a7b8c9",
                     *           "details": null
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        entries: {
                            id: string;
                            /** Format: date-time */
                            at: string;
                            /** @description `user:<email>`, `operator` (CLI) or `system` */
                            actor: string;
                            action: string;
                            target: string | null;
                            details: {
                                [key: string]: unknown;
                            } | null;
                        }[];
                        next_cursor: string | null;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    listAccountJobs: {
        parameters: {
            query?: {
                kind?: "batch" | "stream";
                /** @description Page size (default 50, at most 500). */
                limit?: number;
                /** @description The `next_cursor` of the previous page; absent for the first page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "jobs": [
                     *         {
                     *           "id": "6742f1a2b3c4d5e6f7a8b9c0",
                     *           "kind": "batch",
                     *           "status": "working",
                     *           "source": "source_01",
                     *           "country": "de",
                     *           "key": "gtin",
                     *           "topic": "search",
                     *           "values_total": 10,
                     *           "values_done": 4,
                     *           "values_errors": 0,
                     *           "interval": null,
                     *           "created_at": "2026-11-24T09:30:01.000Z",
                     *           "updated_at": "2026-11-24T09:30:03.000Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        jobs: {
                            id: string;
                            /** @enum {string} */
                            kind: "batch" | "stream";
                            /** @enum {string} */
                            status: "new" | "working" | "finished" | "failed";
                            source: string;
                            country: string;
                            key: string;
                            topic: string;
                            values_total: number;
                            values_done: number;
                            values_errors: number;
                            /** @description minutes, for interval jobs */
                            interval: number | null;
                            /** @description Interval jobs: the run whose status and counts are shown (the latest; null before the first). */
                            run_id?: string | null;
                            /** @description Interval jobs: when the next run starts. */
                            next_run_at?: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                        next_cursor: string | null;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    submitAccountJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1 to 255 characters. A repeated submission with the same key and body within 24 hours answers the first job instead of creating another (decisions G26). */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `source_01` … `source_12`, or `web`: any shop by the URL of a product page (decisions G35). */
                    source: string;
                    country: string;
                    /** @description A key of the source (`term`, `id`, `gtin`, `pzn`, `item_code`, `product`); `url` for `web`, where a string of `values` is one URL, not split at commas. */
                    key?: string;
                    topic?: string;
                    values: string[] | string;
                    max_pages?: number;
                    max_age?: number;
                    sort_by?: string;
                    timeout?: number;
                    callback_url?: string;
                    not_found_max_age?: number;
                    include_meta?: boolean;
                    wait?: number | boolean;
                    client_ref?: string | null;
                    delivery_batch_size?: number;
                    fetch_seller_names?: boolean;
                    interval?: number;
                    /** @description Interval jobs only (decisions G40): `all` (default) delivers every result of each run; `changes` only the results whose price figures, availability, buy box or offer count moved since the previous run, each with `previous`. Needs `callback_url`. */
                    deliver?: string;
                };
            };
        };
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job": {
                     *         "_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                     *         "source": "source_01",
                     *         "country": "de",
                     *         "key": "id",
                     *         "topic": "search",
                     *         "values": [
                     *           "5863521"
                     *         ],
                     *         "max_pages": 1,
                     *         "max_age": 0,
                     *         "sort_by": "ranking_descending",
                     *         "timeout": 60,
                     *         "not_found_max_age": 30,
                     *         "include_meta": false,
                     *         "fetch_seller_names": false,
                     *         "callback_url": null,
                     *         "status": "new",
                     *         "createdAt": "2025-03-01T10:15:00.000Z",
                     *         "updatedAt": "2025-03-01T10:15:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        /**
                         * @example {
                         *       "_id": "65f1c2a9e4b0a1b2c3d4e5f6",
                         *       "source": "source_01",
                         *       "country": "de",
                         *       "key": "id",
                         *       "topic": "search",
                         *       "values": [
                         *         "5863521"
                         *       ],
                         *       "max_pages": 1,
                         *       "max_age": 0,
                         *       "sort_by": "ranking_descending",
                         *       "timeout": 60,
                         *       "not_found_max_age": 30,
                         *       "include_meta": false,
                         *       "fetch_seller_names": false,
                         *       "callback_url": null,
                         *       "status": "new",
                         *       "createdAt": "2025-03-01T10:15:00.000Z",
                         *       "updatedAt": "2025-03-01T10:15:00.000Z"
                         *     }
                         */
                        job: {
                            /** @description 24-hex-character job id. */
                            _id: string;
                            source: string;
                            country: string;
                            key: string;
                            topic: string;
                            values: string[];
                            max_pages: number;
                            max_age: number;
                            sort_by: string;
                            /** @description Minutes. */
                            timeout: number;
                            not_found_max_age: number;
                            include_meta: boolean;
                            fetch_seller_names: boolean;
                            callback_url: string | null;
                            /** @description spec 3.1: `new`, `working`, `finished` or `failed`. */
                            status: "new" | "working" | "finished" | "failed";
                            /** @description Interval jobs only: minutes between runs. */
                            interval?: number;
                            next_run_at?: string | null;
                            /** @description Interval jobs only (decisions G40): each run delivers every result (`all`) or only the changed ones (`changes`). */
                            deliver?: "all" | "changes";
                            createdAt: string;
                            updatedAt: string;
                        };
                        /** @enum {boolean} */
                        wait_timed_out?: true;
                        /** @description With `wait` settled. */
                        results?: {
                            /** @description The input value this result belongs to. */
                            key: string;
                            success: boolean;
                            /** @description `not found`, `source currently unavailable`, `timeout`, `parameter_invalid` or null. */
                            reason: string | null;
                            /** @description decisions G37: on a `parameter_invalid` result (and a `web` refusal without a fetch), a sentence naming what is wrong with the value, such as `GTIN check digit is 2, not 3`; absent on every other result. */
                            reason_detail?: string;
                            content: {
                                [key: string]: unknown;
                            } | null;
                            served_from: "live" | "cache";
                            observed_at: string | null;
                            /** @description spec 2.5: how far the result can be trusted, 0..1. */
                            trust: {
                                score: number;
                                components: {
                                    identity: number;
                                    completeness: number;
                                    price_integrity: number;
                                    offer_contamination: number;
                                    freshness: number;
                                };
                                /** @description Indices into `content.offers` of offers flagged as price outliers. */
                                flagged_offers: number[];
                                /** @description decisions G38: indices into `content.offers` of offers for another product (an accessory, a used or refurbished unit, another model). Absent only on results recorded before it was introduced. */
                                wrong_product_offers?: number[];
                            };
                            /** @description spec 2.6: present when `include_meta` was true. */
                            meta?: {
                                crawls: ({
                                    crawl_id: string;
                                    url: string;
                                    http_status: number;
                                    duration_ms: number;
                                    observed_at: string;
                                    geo: string | null;
                                    job_type: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                partial?: boolean;
                            } & {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @description With `callback_url`: signs deliveries. */
                        webhook_secret?: string;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description The body is not valid JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "malformed JSON body: Unexpected end of JSON input"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description A change authenticated by the session cookie without the matching `x-csrf-token` header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "missing or wrong CSRF token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body exceeds the route’s limit (BODY_LIMIT_BYTES, or STREAM_BODY_LIMIT_BYTES for POST /stream). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "request body too large: the limit is 16777216 bytes"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "unsupported media type: send application/json"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    getAccountJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job": {
                     *         "id": "6742f1a2b3c4d5e6f7a8b9c0",
                     *         "kind": "batch",
                     *         "status": "working",
                     *         "source": "source_01",
                     *         "country": "de",
                     *         "key": "gtin",
                     *         "topic": "search",
                     *         "values_total": 10,
                     *         "values_done": 4,
                     *         "values_errors": 0,
                     *         "interval": null,
                     *         "created_at": "2026-11-24T09:30:01.000Z",
                     *         "updated_at": "2026-11-24T09:30:03.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        job: {
                            id: string;
                            /** @enum {string} */
                            kind: "batch" | "stream";
                            /** @enum {string} */
                            status: "new" | "working" | "finished" | "failed";
                            source: string;
                            country: string;
                            key: string;
                            topic: string;
                            values_total: number;
                            values_done: number;
                            values_errors: number;
                            /** @description minutes, for interval jobs */
                            interval: number | null;
                            /** @description Interval jobs: the run whose status and counts are shown (the latest; null before the first). */
                            run_id?: string | null;
                            /** @description Interval jobs: when the next run starts. */
                            next_run_at?: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        deliveries?: {
                            pending: number;
                            delivered: number;
                            failed: number;
                            dead_lettered: number;
                        };
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    downloadAccountJob: {
        parameters: {
            query?: {
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results as JSON, or as CSV with `format=csv`; or `{error:true, message}`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        job_id: string;
                        status: string;
                        /** @description result items (spec 2.3) */
                        results: {
                            [key: string]: unknown;
                        }[];
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                    "text/csv": string;
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    listAccountStreamDeliveries: {
        parameters: {
            query?: {
                /** @description Rows to skip (default 0). */
                offset?: number;
                /** @description Page size (default 100, at most 1000). */
                limit?: number;
                status?: "pending" | "delivered" | "failed" | "dead_lettered";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job_id": "6742f1a2b3c4d5e6f7a8b9c0",
                     *       "offset": 0,
                     *       "limit": 100,
                     *       "total": 0,
                     *       "count": 0,
                     *       "deliveries": []
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        job_id: string;
                        offset: number;
                        limit: number;
                        total: number;
                        count: number;
                        deliveries: {
                            _id: string;
                            job_id: string;
                            batch_sequence: number;
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed" | "dead_lettered";
                            attempts: number;
                            results_count: number;
                            is_final: boolean;
                            last_http_status: number | null;
                            last_error: string | null;
                            created_at: string;
                            last_attempt_at: string | null;
                            next_attempt_at: string | null;
                            delivered_at: string | null;
                        }[];
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    replayAccountStreamDeadLetters: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "replayed": 2
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        replayed: number;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description A change authenticated by the session cookie without the matching `x-csrf-token` header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "missing or wrong CSRF token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    listAccountJobDeliveries: {
        parameters: {
            query?: {
                /** @description Rows to skip (default 0). */
                offset?: number;
                /** @description Page size (default 100, at most 1000). */
                limit?: number;
                status?: "pending" | "delivered" | "failed" | "dead_lettered";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job_id": "6742f1a2b3c4d5e6f7a8b9c0",
                     *       "offset": 0,
                     *       "limit": 100,
                     *       "total": 0,
                     *       "count": 0,
                     *       "deliveries": []
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        job_id: string;
                        offset: number;
                        limit: number;
                        total: number;
                        count: number;
                        deliveries: {
                            _id: string;
                            job_id: string;
                            batch_sequence: number;
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed" | "dead_lettered";
                            attempts: number;
                            results_count: number;
                            is_final: boolean;
                            last_http_status: number | null;
                            last_error: string | null;
                            created_at: string;
                            last_attempt_at: string | null;
                            next_attempt_at: string | null;
                            delivered_at: string | null;
                        }[];
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    replayAccountJobDeadLetters: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "replayed": 2
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        replayed: number;
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description A change authenticated by the session cookie without the matching `x-csrf-token` header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "missing or wrong CSRF token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    replayAccountDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "delivery_id": "65f1c2b3e4b0a1b2c3d4e5f7",
                     *       "status": "pending"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        delivery_id: string;
                        /** @enum {string} */
                        status: "pending" | "delivered" | "failed" | "dead_lettered";
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description A change authenticated by the session cookie without the matching `x-csrf-token` header. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "missing or wrong CSRF token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description No such delivery for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "delivery not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    listAccountJobResults: {
        parameters: {
            query?: {
                /** @description Rows to skip (default 0). */
                offset?: number;
                /** @description Page size (default 100, at most 1000). */
                limit?: number;
                /** @description An interval job: the run whose results to read (default: its latest run). */
                run_id?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job_id": "6742f1a2b3c4d5e6f7a8b9c0",
                     *       "run_id": null,
                     *       "status": "finished",
                     *       "offset": 0,
                     *       "limit": 100,
                     *       "total": 1,
                     *       "count": 1,
                     *       "results": [
                     *         {
                     *           "index": 0,
                     *           "value": "4006381333931",
                     *           "result": {
                     *             "key": "5863521",
                     *             "success": true,
                     *             "reason": null,
                     *             "content": {
                     *               "id": "5863521",
                     *               "product_id": "5863521",
                     *               "name": "Acme Kettle 1.7 l",
                     *               "url": "https://example.com/product/5863521",
                     *               "price_min": 24.99,
                     *               "price_max": 29.99,
                     *               "price_avg": 27.49,
                     *               "offers_count": 2,
                     *               "price_min_all": 9.99,
                     *               "price_max_all": 29.99,
                     *               "price_avg_all": 21.66,
                     *               "offers_count_all": 3,
                     *               "offers": [
                     *                 {
                     *                   "position": 1,
                     *                   "price": 9.99,
                     *                   "currency": "EUR",
                     *                   "shipping": 0,
                     *                   "total": 9.99,
                     *                   "seller_name": "Shop C",
                     *                   "condition": "used"
                     *                 },
                     *                 {
                     *                   "position": 2,
                     *                   "price": 24.99,
                     *                   "currency": "EUR",
                     *                   "shipping": 0,
                     *                   "total": 24.99,
                     *                   "seller_name": "Shop A",
                     *                   "condition": "new"
                     *                 },
                     *                 {
                     *                   "position": 3,
                     *                   "price": 29.99,
                     *                   "currency": "EUR",
                     *                   "shipping": 3.9,
                     *                   "total": 33.89,
                     *                   "seller_name": "Shop B",
                     *                   "condition": "new"
                     *                 }
                     *               ]
                     *             },
                     *             "served_from": "live",
                     *             "observed_at": "2025-03-01T10:15:02.311Z",
                     *             "trust": {
                     *               "score": 0.93,
                     *               "components": {
                     *                 "identity": 1,
                     *                 "completeness": 0.9,
                     *                 "price_integrity": 0.95,
                     *                 "offer_contamination": 0.667,
                     *                 "freshness": 0.7
                     *               },
                     *               "flagged_offers": [],
                     *               "wrong_product_offers": [
                     *                 0
                     *               ]
                     *             }
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        job_id: string;
                        /** @description The run the results come from (interval jobs); null for other jobs. */
                        run_id: string | null;
                        /** @description Status of the job (or run) the results come from. */
                        status: string;
                        offset: number;
                        limit: number;
                        /** @description Values with a result so far, in all pages. */
                        total: number;
                        count: number;
                        results: {
                            /** @description The value’s position in the submission, from 0. */
                            index: number;
                            /** @description The submitted value. */
                            value: string;
                            /**
                             * @example {
                             *       "key": "5863521",
                             *       "success": true,
                             *       "reason": null,
                             *       "content": {
                             *         "id": "5863521",
                             *         "product_id": "5863521",
                             *         "name": "Acme Kettle 1.7 l",
                             *         "url": "https://example.com/product/5863521",
                             *         "price_min": 24.99,
                             *         "price_max": 29.99,
                             *         "price_avg": 27.49,
                             *         "offers_count": 2,
                             *         "price_min_all": 9.99,
                             *         "price_max_all": 29.99,
                             *         "price_avg_all": 21.66,
                             *         "offers_count_all": 3,
                             *         "offers": [
                             *           {
                             *             "position": 1,
                             *             "price": 9.99,
                             *             "currency": "EUR",
                             *             "shipping": 0,
                             *             "total": 9.99,
                             *             "seller_name": "Shop C",
                             *             "condition": "used"
                             *           },
                             *           {
                             *             "position": 2,
                             *             "price": 24.99,
                             *             "currency": "EUR",
                             *             "shipping": 0,
                             *             "total": 24.99,
                             *             "seller_name": "Shop A",
                             *             "condition": "new"
                             *           },
                             *           {
                             *             "position": 3,
                             *             "price": 29.99,
                             *             "currency": "EUR",
                             *             "shipping": 3.9,
                             *             "total": 33.89,
                             *             "seller_name": "Shop B",
                             *             "condition": "new"
                             *           }
                             *         ]
                             *       },
                             *       "served_from": "live",
                             *       "observed_at": "2025-03-01T10:15:02.311Z",
                             *       "trust": {
                             *         "score": 0.93,
                             *         "components": {
                             *           "identity": 1,
                             *           "completeness": 0.9,
                             *           "price_integrity": 0.95,
                             *           "offer_contamination": 0.667,
                             *           "freshness": 0.7
                             *         },
                             *         "flagged_offers": [],
                             *         "wrong_product_offers": [
                             *           0
                             *         ]
                             *       }
                             *     }
                             * @example {
                             *       "key": "https://www.shop.example/lamp?utm_source=news",
                             *       "success": true,
                             *       "reason": null,
                             *       "content": {
                             *         "url": "https://www.shop.example/lamp",
                             *         "name": "Lumo Desk Lamp",
                             *         "brand_name": "Lumo",
                             *         "product_id": "DL-100",
                             *         "gtin": "4006381333931",
                             *         "price": 39.9,
                             *         "currency": "EUR",
                             *         "availability": "in_stock",
                             *         "offers": [
                             *           {
                             *             "position": 1,
                             *             "price": 39.9,
                             *             "currency": "EUR",
                             *             "shipping": null,
                             *             "total": 39.9,
                             *             "seller_name": "www.shop.example",
                             *             "availability_code": "in_stock"
                             *           }
                             *         ],
                             *         "offers_count": 1,
                             *         "price_min": 39.9,
                             *         "price_max": 39.9,
                             *         "price_avg": 39.9,
                             *         "price_min_all": 39.9,
                             *         "price_max_all": 39.9,
                             *         "price_avg_all": 39.9,
                             *         "offers_count_all": 1
                             *       },
                             *       "served_from": "live",
                             *       "observed_at": "2025-03-01T10:15:02.311Z",
                             *       "trust": {
                             *         "score": 0.8,
                             *         "components": {
                             *           "identity": 1,
                             *           "completeness": 1,
                             *           "price_integrity": 0.5,
                             *           "offer_contamination": 0.5,
                             *           "freshness": 1
                             *         },
                             *         "flagged_offers": [],
                             *         "wrong_product_offers": []
                             *       }
                             *     }
                             */
                            result: {
                                /** @description The input value this result belongs to. */
                                key: string;
                                success: boolean;
                                /** @description `not found`, `source currently unavailable`, `timeout`, `parameter_invalid` or null. */
                                reason: string | null;
                                /** @description decisions G37: on a `parameter_invalid` result (and a `web` refusal without a fetch), a sentence naming what is wrong with the value, such as `GTIN check digit is 2, not 3`; absent on every other result. */
                                reason_detail?: string;
                                content: {
                                    [key: string]: unknown;
                                } | null;
                                served_from: "live" | "cache";
                                observed_at: string | null;
                                /** @description spec 2.5: how far the result can be trusted, 0..1. */
                                trust: {
                                    score: number;
                                    components: {
                                        identity: number;
                                        completeness: number;
                                        price_integrity: number;
                                        offer_contamination: number;
                                        freshness: number;
                                    };
                                    /** @description Indices into `content.offers` of offers flagged as price outliers. */
                                    flagged_offers: number[];
                                    /** @description decisions G38: indices into `content.offers` of offers for another product (an accessory, a used or refurbished unit, another model). Absent only on results recorded before it was introduced. */
                                    wrong_product_offers?: number[];
                                };
                                /** @description spec 2.6: present when `include_meta` was true. */
                                meta?: {
                                    crawls: ({
                                        crawl_id: string;
                                        url: string;
                                        http_status: number;
                                        duration_ms: number;
                                        observed_at: string;
                                        geo: string | null;
                                        job_type: string;
                                    } & {
                                        [key: string]: unknown;
                                    })[];
                                    partial?: boolean;
                                } & {
                                    [key: string]: unknown;
                                };
                            };
                        }[];
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    listAccountJobRuns: {
        parameters: {
            query?: {
                /** @description Page size (default 20, at most 100). */
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "job_id": "6742f1a2b3c4d5e6f7a8b9c0",
                     *       "interval": 60,
                     *       "next_run_at": "2026-11-24T10:30:00.000Z",
                     *       "last_run_error": null,
                     *       "runs": [
                     *         {
                     *           "id": "6742f1a2b3c4d5e6f7a8b9c1",
                     *           "status": "finished",
                     *           "values_total": 2,
                     *           "values_done": 2,
                     *           "values_errors": 0,
                     *           "created_at": "2026-11-24T09:30:00.000Z",
                     *           "updated_at": "2026-11-24T09:30:04.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        job_id: string;
                        /** @description minutes */
                        interval: number;
                        next_run_at: string | null;
                        last_run_error: string | null;
                        runs: {
                            /** @description The run’s id: its results and downloads are read by it. */
                            id: string;
                            status: string;
                            values_total: number;
                            values_done: number;
                            values_errors: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "job not found"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    getAccountHistory: {
        parameters: {
            query: {
                source: string;
                country: string;
                key: string;
                value: string;
                /** @description ISO 8601 date (whole day) or date-time with a zone. */
                from?: string;
                /** @description ISO 8601 date (whole day, inclusive) or date-time. */
                to?: string;
                /** @description `json` (default), `csv` or `xlsx`. */
                format?: string;
                /** @description Points to skip (default 0). */
                offset?: number;
                /** @description Page size (default 100, at most 1000). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "source": "source_01",
                     *       "country": "de",
                     *       "key": "id",
                     *       "value": "8401952",
                     *       "from": null,
                     *       "to": null,
                     *       "offset": 0,
                     *       "limit": 100,
                     *       "total": 1,
                     *       "count": 1,
                     *       "points": [
                     *         {
                     *           "observed_at": "2025-03-01T10:00:02.118Z",
                     *           "topic": "search",
                     *           "found": true,
                     *           "price_min": 152.49,
                     *           "price_avg": 167.59,
                     *           "price_max": 179.99,
                     *           "offers_count": 13,
                     *           "buybox_price": null,
                     *           "currency": "EUR"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        source: string;
                        country: string;
                        key: string;
                        value: string;
                        from: string | null;
                        to: string | null;
                        offset: number;
                        limit: number;
                        /** @description Points matching the query in all pages. */
                        total: number;
                        /** @description Points in this page. */
                        count: number;
                        points: {
                            observed_at: string;
                            topic: string;
                            found: boolean;
                            price_min: number | null;
                            price_avg: number | null;
                            price_max: number | null;
                            offers_count: number | null;
                            buybox_price: number | null;
                            currency: string | null;
                        }[];
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
    listAccountSources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer, or `{error:true, message}` for a validation or business refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": false,
                     *       "sources": [
                     *         {
                     *           "id": "source_01",
                     *           "label": "price comparison",
                     *           "countries": [
                     *             "de",
                     *             "at"
                     *           ],
                     *           "keys": [
                     *             {
                     *               "key": "gtin",
                     *               "countries": null
                     *             },
                     *             {
                     *               "key": "pzn",
                     *               "countries": [
                     *                 "de"
                     *               ]
                     *             }
                     *           ],
                     *           "topics": [
                     *             {
                     *               "topic": "search",
                     *               "keys": null
                     *             }
                     *           ],
                     *           "uses_max_pages": false
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: false;
                        sources: {
                            id: string;
                            label: string;
                            /** @description The countries the account may use. */
                            countries: string[];
                            keys: {
                                key: string;
                                /** @description Countries the key is limited to; null: every country of the source. */
                                countries: string[] | null;
                            }[];
                            topics: {
                                topic: string;
                                /** @description Keys the topic accepts; null: every key. */
                                keys: string[] | null;
                            }[];
                            /** @description A value may reserve `max_pages` credits (else 1): what a job reserves up front. */
                            uses_max_pages: boolean;
                        }[];
                    } | {
                        /** @enum {boolean} */
                        error: true;
                        /** @description What was wrong, naming the field or the rule. */
                        message: string;
                        /** @description decisions G37: where a closed set applies (the source, its countries, keys, topics, sort orders), what would be accepted. */
                        details?: {
                            /** @description The refused field of the request. */
                            field: string;
                            /** @description The value sent. */
                            value: unknown;
                            /** @description Every value the field accepts here. */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description No valid session: missing, invalid or expired, or an API key where a session is needed (decisions G31). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unauthorized",
                     *       "message": "invalid or expired session token"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        error: "unauthorized";
                        message: string;
                    };
                };
            };
            /** @description No such route. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "no route GET /nowhere"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description Rate limit exceeded; retry after the seconds in `Retry-After` (decisions G14). */
            429: {
                headers: {
                    /** @description Seconds until a request will be accepted again. */
                    "retry-after"?: number;
                    /** @description Requests the bucket holds (burst). */
                    "ratelimit-limit"?: number;
                    /** @description Requests left now. */
                    "ratelimit-remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "rate limit exceeded"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                    };
                };
            };
            /** @description An unexpected failure; quote `request_id` when reporting it (decisions G13). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": true,
                     *       "message": "internal error",
                     *       "request_id": "5c0b7a4e-7d0e-4d6e-9a55-6f1f0e2f4a10"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        error: true;
                        message: string;
                        request_id: string;
                    };
                };
            };
        };
    };
}
