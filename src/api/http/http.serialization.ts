import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's default response serializers (fast-json-stringify, with the same options and shared
 * schemas), each built when its route first answers with that status instead of while the app
 * gets ready: building them all was about 10% of the start's CPU (docs/performance.md,
 * "Start time"). What a response contains does not change; an unusable schema now fails its
 * route's first response instead of the start. For Fastify's `schemaController.compilersFactory`.
 */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data) => (serialize ??= compile(route))(data);
  };
};
