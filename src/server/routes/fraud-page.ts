/** GET /api/fraud-page: the text of the page that warns buyers about fraud, for the build. */
import { Hono } from 'hono';
import { FraudPage } from '../../contract/fraud-page.ts';
import type { Deps } from '../deps.ts';
import { item, notFound } from '../hydra.ts';
import { read } from '../openapi/describe.ts';

export function fraudPageRoutes({ db }: Deps) {
  const app = new Hono();
  app.get(
    '/fraud-page',
    read(
      'The fraud-warning page: what the group never does, how to check banking details, how to report fraud.',
      ['Content'],
      FraudPage,
      404,
    ),
    async (c) => {
      const row = await db.selectFrom('fraud_page').selectAll().orderBy('id').executeTakeFirst();
      if (!row) throw notFound('Fraud page', '1');
      const { id: _id, ...text } = row;
      return item(c, 'FraudPage', '/api/fraud-page', text);
    },
  );
  return app;
}
