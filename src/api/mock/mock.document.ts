/** The parts of an OpenAPI 3.1 document the mock reads. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  [field: string]: unknown;
}

export interface OpenApiOperation {
  operationId?: string;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, OpenApiResponse>;
}

export interface OpenApiResponse {
  description: string;
  content?: Record<string, OpenApiMedia>;
}

export interface OpenApiMedia {
  schema?: Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
