/**
 * Applies every migration in order. Migrations are listed here explicitly (not read from disk)
 * so the same list works from source, tests and any bundler.
 */
import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import * as m001 from './migrations/001_content.ts';
import * as m002 from './migrations/002_leads.ts';
import * as m003 from './migrations/003_builds.ts';
import * as m004 from './migrations/004_vehicles_newest.ts';
import * as m005 from './migrations/005_idempotency_owner.ts';
import * as m006 from './migrations/006_staff.ts';
import * as m007 from './migrations/007_vehicle_images.ts';
import * as m008 from './migrations/008_stock_dealers.ts';
import * as m009 from './migrations/009_stock_imports.ts';
import * as m010 from './migrations/010_lead_inbox.ts';
import * as m013 from './migrations/013_stock_indexes.ts';
import * as m015 from './migrations/015_build_origin.ts';
import * as m016 from './migrations/016_content_images.ts';
import * as m017 from './migrations/017_colour_images.ts';
import * as m020 from './migrations/020_staff_two_factor.ts';
import * as m030 from './migrations/030_revisions.ts';
import * as m053 from './migrations/053_cluster.ts';
import * as m060 from './migrations/060_fraud_page.ts';
import * as m080 from './migrations/080_publish_from.ts';

const migrations: Record<string, Migration> = {
  '001_content': m001,
  '002_leads': m002,
  '003_builds': m003,
  '004_vehicles_newest': m004,
  '005_idempotency_owner': m005,
  '006_staff': m006,
  '007_vehicle_images': m007,
  '008_stock_dealers': m008,
  '009_stock_imports': m009,
  '010_lead_inbox': m010,
  '013_stock_indexes': m013,
  '015_build_origin': m015,
  '016_content_images': m016,
  '017_colour_images': m017,
  '020_staff_two_factor': m020,
  '030_revisions': m030,
  '053_cluster': m053,
  '060_fraud_page': m060,
  '080_publish_from': m080,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Migration numbers are handed out to parallel pieces of work, so one can land after a higher number has
  // already run somewhere (007 before 006): apply any not yet run, whatever its place in the order.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
