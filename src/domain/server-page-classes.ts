/**
 * The classes the server writes into built pages as it answers them (a form posted without scripts,
 * answered with its errors: src/server/forms/answer-page.ts; a page for data saver:
 * src/server/http/data-saver-page.ts). The build keeps their rules in every page's stylesheet
 * (src/build/unused-css.ts), though no built page holds them. A test lists the server's markup and
 * fails when a class it writes is missing here.
 */
export const SERVER_PAGE_CLASSES: ReadonlySet<string> = new Set([
  'error-summary',
  'error-summary-head',
  'error-summary-title',
  'field--error',
  'field-error',
  'field-hint',
  'form-alert',
  'map-saver',
  'photo-kept',
]);
