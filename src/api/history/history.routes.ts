import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { accountOf } from '../../accounts/auth/auth.hook.ts';
import { XLSX_CONTENT_TYPE, writeXlsx } from '../../platform/lib/xlsx.ts';
import { historyTable, historyToCsv } from './history.csv.ts';
import { HISTORY_ROUTE } from './history.schema.ts';
import { readHistory, type HistoryDeps } from './history.service.ts';

/** `GET /history`: the caller's price history of one value (docs/history.md), JSON, CSV or XLSX. */
export async function historyRoutes(app: FastifyInstance, deps: HistoryDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  routes.get('/history', { schema: HISTORY_ROUTE }, async (request, reply) => {
    const history = await readHistory(deps, accountOf(request), request.query);
    if (request.query.format === 'xlsx') {
      const { columns, rows } = historyTable(history.points);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', 'attachment; filename="history.xlsx"')
        .send(await writeXlsx('history', columns, rows));
    }
    if (request.query.format !== 'csv') return history;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="history.csv"')
      .send(historyToCsv(history.points));
  });
}
