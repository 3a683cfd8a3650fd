/**
 * `npm run storage:migrate [-- --dry-run]`: copies DATA_DIR/uploads and DATA_DIR/private onto the bucket the
 * S3_* variables name, verifies every copy, prints the counts and what to do next. Safe to run again:
 * files already in the bucket are left alone, so an interrupted run resumes. docs/decisions/220-object-storage.md.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/server.ts';
import { copyToBucket } from '../src/server/media/copy-to-bucket.ts';
import { closeStores } from '../src/server/media/stores.ts';

const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean' }, verbose: { type: 'boolean' } } });
const dryRun = values['dry-run'] ?? false;

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
const target = config.storage;
if (target.kind !== 's3') {
  console.error(
    'S3_BUCKET is not set: set S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (README, "Running several instances") to the bucket to copy DATA_DIR onto.',
  );
  process.exit(2);
}

console.log(
  `${dryRun ? 'Dry run: would copy' : 'Copying'} ${config.dataDir}/uploads and ${config.dataDir}/private to bucket ${target.bucket}${target.prefix ? ` under ${target.prefix}` : ''} at ${target.endpoint}`,
);
let done = 0;
const { counts, problems } = await copyToBucket(config.dataDir, target, {
  dryRun,
  onFile: (folder, key, outcome) => {
    done++;
    if (values.verbose || outcome === 'failed') console.log(`${outcome}: ${folder}/${key}`);
    else if (done % 500 === 0) console.log(`… ${done} files looked at`);
  },
}).finally(() => closeStores(target));

for (const [folder, c] of Object.entries(counts))
  console.log(
    `${folder}: ${c.files} file(s): ${c.copied} ${dryRun ? 'to copy' : 'copied'} (${(c.bytes / 1024 / 1024).toFixed(1)} MB), ${c.present} already there, ${c.skipped} skipped, ${c.failed} failed`,
  );
for (const p of problems) console.log(`  ${p.folder}/${p.key}: ${p.problem}`);

const failed = Object.values(counts).reduce((n, c) => n + c.failed, 0);
if (failed) {
  console.error(`${failed} file(s) failed: nothing was deleted; run the command again to retry them.`);
  process.exit(1);
}
if (dryRun) console.log('Nothing was written. Run without --dry-run to copy.');
else
  console.log(
    [
      'Every file is in the bucket and checked. Next:',
      '  1. start every instance with these same S3_* variables (and one DATABASE_URL);',
      '  2. check a photo and a brochure load on the site;',
      `  3. then ${config.dataDir}/uploads and ${config.dataDir}/private are no longer read: archive them, and`,
      '     run this command again first if the old single instance took uploads meanwhile.',
    ].join('\n'),
  );
