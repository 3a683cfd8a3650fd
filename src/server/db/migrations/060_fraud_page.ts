/**
 * The fraud-warning page's text (src/contract/fraud-page.ts): one row editors change. Its
 * first text is written here so the page says the right things from the first build. The report
 * numbers were checked against the public sources: SAPS Crime Stop 08600 10111 and the emergency line
 * 10111 (saps.gov.za/crimestop/cs_faq.php), SABRIC's site https://www.sabric.co.za/ (the banks' own
 * crime centre, which asks victims to report to their bank's fraud line and to SAPS).
 */
import type { Kysely } from 'kysely';

const FRAUD_PAGE_TEXT = {
  id: 1,
  title: 'Avoid vehicle fraud',
  description:
    'How to recognise a fake listing or a fake dealer, how to check banking details with our dealerships, and how to report fraud to SAPS and your bank.',
  intro:
    '<p>Fraudsters copy real dealers’ photos and adverts, and pose as our salespeople on WhatsApp and social media. Before you pay anything, make sure you are dealing with one of our dealerships below, on the numbers listed here.</p>',
  never_do:
    '<ul><li>We never ask for a deposit or a “holding fee” before you have seen and test-driven the car at one of our dealerships.</li><li>We never send banking details by WhatsApp, SMS or from a personal e-mail account (Gmail, Outlook and the like).</li><li>We never change our banking details by message, and we never ask you to pay into a personal account.</li><li>We never ask for your online-banking PIN, password or one-time PIN.</li></ul>',
  check_details:
    '<p>Before you pay, phone the dealership on the number listed on this page (not a number from the message or advert) and ask the sales or finance office to confirm the banking details and the amount. Pay only into an account in the dealership’s company name, and only once you have signed an offer to purchase at the dealership.</p>',
  report:
    '<ul><li>If you paid: phone your bank’s fraud line at once; a quick report can stop the money.</li><li>Report it to the police at your nearest SAPS station, or anonymously to SAPS Crime Stop on <a href="tel:0860010111">08600 10111</a>. In an emergency call <a href="tel:10111">10111</a>.</li><li>SABRIC, the banks’ crime information centre, explains current scams at <a href="https://www.sabric.co.za/">www.sabric.co.za</a>.</li><li>Tell us too: call any of our dealerships, so we can warn other buyers.</li></ul>',
};

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fraud_page')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('never_do', 'text', (c) => c.notNull())
    .addColumn('check_details', 'text', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('fraud_page').values(FRAUD_PAGE_TEXT).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fraud_page').ifExists().execute();
}
