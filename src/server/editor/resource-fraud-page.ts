/**
 * The fraud-warning page's text for the editor (src/contract/fraud-page.ts): one row, made by its
 * migration, edited in place. There is no second page to create, and the page cannot be deleted
 * (buyers and the footer of every page link to it); its text can be changed back at any time.
 */
import { FraudPageInput } from '../../contract/fraud-page.ts';
import type { Resource } from './resources.ts';
import { without } from './rows.ts';

export const fraudPage: Resource = {
  path: 'fraud_page',
  table: 'fraud_page',
  type: 'FraudPage',
  label: 'Fraud warning page',
  schema: FraudPageInput,
  toRow: (i) => i,
  toInput: (r) => without(r),
  checks: async (_db, _i, id) =>
    id === null
      ? [
          {
            propertyPath: 'title',
            message: 'There is one fraud warning page: edit it instead of adding another',
            code: 'single_page',
          },
        ]
      : [],
  beforeDelete: async () =>
    'The fraud warning page cannot be deleted: every page links to it. Change its text instead.',
};
