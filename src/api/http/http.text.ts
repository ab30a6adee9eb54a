/**
 * Text no field may hold (issue 22, point 6): U+0000, which PostgreSQL's text cannot store (a NUL in
 * any string was a 500 there and fine on SQLite), and lone surrogates, which are not Unicode text
 * (stored as UTF-8 they came back as U+FFFD in one answer and as `\ud800` in another). Both are
 * refused where the request enters, naming the field, before any rule or store sees them; every
 * other character, control characters included, is kept as sent (docs/api.md, "Text in values").
 */
import type { FastifyInstance } from 'fastify';
import { invalid } from '../../platform/errors/app-error.ts';
import { yieldToEventLoop } from '../../platform/lib/chunks.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with `text`, or `undefined` when it is storable Unicode text. */
export function textProblem(text: string): string | undefined {
  const nul = text.indexOf('\u0000');
  if (nul >= 0) return `contains U+0000 (NUL) at character ${nul}, which no value may hold`;
  const lone = LONE_SURROGATE.exec(text);
  if (lone) {
    const code = lone[0].charCodeAt(0).toString(16).toUpperCase();
    return `contains a lone surrogate (U+${code}) at character ${lone.index}: send well-formed Unicode text`;
  }
  return undefined;
}

/**
 * The first string in `value` (walked depth first, names included) that {@link textProblem} refuses,
 * as `{field, problem}`; `field` is a path such as `values[3]` or `client_ref`.
 */
export function findBadText(value: unknown, field = ''): { field: string; problem: string } | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem === undefined ? undefined : { field: field || 'value', problem };
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findBadText(value[index], `${field}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [name, inner] of Object.entries(value)) {
      const where = field ? `${field}.${name}` : name;
      const badName = textProblem(name);
      if (badName !== undefined) return { field: `the name of ${where}`, problem: badName };
      const found = findBadText(inner, where);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Refuses a query or JSON body holding such text as a validation error naming the field. Path
 * parameters are left to their routes: an id that cannot exist is a 404 like any unknown one.
 */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found = findBadText(request.query) ?? (await findBadTextYielding(request.body));
    if (found) throw invalid(`${found.field} ${found.problem}`);
  });
}

/** Strings checked between two turns of the event loop (a 100 000-value body is 50 turns). */
const CHECK_CHUNK = 2000;

/** {@link findBadText} of a body whose top-level arrays are walked in chunks with yields between. */
async function findBadTextYielding(body: unknown): Promise<{ field: string; problem: string } | undefined> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return findBadText(body);
  for (const [name, inner] of Object.entries(body)) {
    if (!Array.isArray(inner) || inner.length <= CHECK_CHUNK) {
      const found = findBadText({ [name]: inner });
      if (found) return found;
      continue;
    }
    for (let index = 0; index < inner.length; index += 1) {
      if (index > 0 && index % CHECK_CHUNK === 0) await yieldToEventLoop();
      const found = findBadText(inner[index], `${name}[${index}]`);
      if (found) return found;
    }
  }
  return undefined;
}
