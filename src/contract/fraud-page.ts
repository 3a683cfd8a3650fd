/**
 * The page that warns buyers about fraud: its text blocks, which editors change in the back
 * office (PUT /api/editor/fraud_page/1), and what GET /api/fraud-page answers to the build. The
 * dealerships' numbers on the page come from /api/dealers, not from here, so they are never retyped.
 */
import * as v from 'valibot';
import { html } from './content.ts';
import * as f from './fields.ts';
import { context, named } from './hydra.ts';

export const FraudPageInput = v.object({
  title: f.text('Title', 200),
  description: f.text('Description', 500),
  intro: html('Introduction', 20_000),
  never_do: html('What we never do', 20_000),
  check_details: html('How to check banking details', 20_000),
  report: html('How to report fraud', 20_000),
});
export type FraudPageInput = v.InferOutput<typeof FraudPageInput>;

const rich = (what: string) =>
  v.pipe(v.string(), v.description(`${what}: HTML, reduced to a safe allow-list.`));

export const FraudPage = named(
  'FraudPage',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('FraudPage'),
    title: v.string(),
    description: v.string(),
    intro: rich('Introduction'),
    never_do: rich('What the group never does'),
    check_details: rich('How to check banking details'),
    report: rich('How to report fraud'),
  }),
);
export type FraudPage = v.InferOutput<typeof FraudPage>;
