import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serialize = (data: unknown) => string;

/**
 * Serializers built so far in this process, by response schema and then by the shared schemas and
 * options they were built with: what fast-json-stringify makes depends on nothing else, so a
 * second app in the process (the test kits build hundreds, one per test harness) reuses the
 * first's instead of generating and compiling the same code again.
 */
const built = new WeakMap<object, Map<string, Serialize>>();

/**
 * Fastify's default response serializers (fast-json-stringify, with the same options and shared
 * schemas), each built when its route first answers with that status instead of while the app
 * gets ready: building them all was about 10% of the start's CPU (docs/performance.md,
 * "Start time"). What a response contains does not change; an unusable schema now fails its
 * route's first response instead of the start. For Fastify's `schemaController.compilersFactory`.
 */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  const settings = JSON.stringify([externalSchemas, options]);
  const buildOnce = (route: Parameters<typeof compile>[0]): Serialize => {
    const schema = route.schema as object;
    const bySettings = built.get(schema) ?? new Map<string, Serialize>();
    built.set(schema, bySettings);
    const serialize = bySettings.get(settings) ?? compile(route);
    bySettings.set(settings, serialize);
    return serialize;
  };
  return (route) => {
    let serialize: Serialize | undefined;
    return (data) => (serialize ??= buildOnce(route))(data);
  };
};
