import type { PricecrawlError } from '../client/index.ts';

/** What to do next about an API error, where it is clear (decisions G37's `details` included). */
export function hintFor(error: PricecrawlError, command: string, args: string[]): string | undefined {
  const details = (error.body as { details?: { field?: unknown; allowed?: unknown } } | undefined)?.details;
  if (details !== undefined && Array.isArray(details.allowed) && typeof details.field === 'string') {
    return `${details.field} may be one of: ${details.allowed.join(', ')}`;
  }
  if (error.status === 0) return 'is the service running there? Set PRICECRAWL_URL to where it runs';
  if (error.status === 401 || error.status === 403) {
    return 'check PRICECRAWL_API_KEY (a data API key, svc_live_…; `npx pricecrawl keys create --account N` makes one)';
  }
  if (error.message === 'job not finished' && !args.includes('--wait')) {
    return `add --wait: \`npx pricecrawl ${command} ${args.join(' ')} --wait\` waits for the job first`;
  }
  return undefined;
}
