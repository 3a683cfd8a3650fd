/**
 * Where the product's files live, read from the environment with the rest of the configuration
 * (config.ts): directories under DATA_DIR by default, or one S3-compatible bucket when S3_BUCKET is set
 * (docs/decisions/220-object-storage.md). A partial set of S3 settings is refused at start with every
 * problem named, never discovered at the first upload. `storageProblems` is separate so a wider check of
 * the whole environment can list these problems beside its own.
 */

/** With S3_BUCKET, every one of these is needed. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
/** Every variable of object storage: these and no others (the SDK's own checksum switches aside). */
const S3_VARIABLES = ['S3_BUCKET', ...S3_REQUIRED, 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;
/**
 * The AWS SDK's own switches of the checksums it adds since 3.729. Several S3-compatible stores refuse
 * those, so unset means WHEN_REQUIRED (the compatible setting); WHEN_SUPPORTED turns them on.
 */
const CHECKSUM_VARIABLES = ['AWS_REQUEST_CHECKSUM_CALCULATION', 'AWS_RESPONSE_CHECKSUM_VALIDATION'] as const;
const CHECKSUM_MODES = ['WHEN_REQUIRED', 'WHEN_SUPPORTED'] as const;
type ChecksumMode = (typeof CHECKSUM_MODES)[number];

export interface S3Settings {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** '' or a folder ending in '/', put before every key (several sites in one bucket). */
  prefix: string;
  requestChecksums: ChecksumMode;
  responseChecksums: ChecksumMode;
}

export type StorageConfig = { kind: 'local'; dataDir: string } | ({ kind: 's3' } & S3Settings);

type Env = Record<string, string | undefined>;

const read = (env: Env, name: string) => (env[name] ?? '').trim();
const named = (names: readonly string[]) =>
  names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
const verb = (names: readonly string[]) => (names.length === 1 ? 'is' : 'are');

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^([A-Za-z0-9][A-Za-z0-9_.-]*\/?)+$/;

/** Every problem with the storage settings, each naming its variable; empty when they are usable. */
export function storageProblems(env: Env): string[] {
  const has = (name: string) => read(env, name) !== '';
  const problems: string[] = [];
  if (has('S3_BUCKET')) {
    const missing = S3_REQUIRED.filter((n) => !has(n));
    if (missing.length)
      problems.push(
        `S3_BUCKET is set but ${named(missing)} ${verb(missing)} missing (object storage needs ${named(S3_REQUIRED)})`,
      );
    if (!BUCKET.test(read(env, 'S3_BUCKET')))
      problems.push(
        `S3_BUCKET '${read(env, 'S3_BUCKET')}' is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`,
      );
  } else {
    const stray = S3_VARIABLES.filter((n) => n !== 'S3_BUCKET' && has(n));
    if (stray.length)
      problems.push(
        `${named(stray)} ${verb(stray)} set but S3_BUCKET is missing: set S3_BUCKET to keep files in a bucket, or unset ${stray.length === 1 ? 'it' : 'them'} to keep them under DATA_DIR`,
      );
  }
  const endpoint = read(env, 'S3_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^/\s]+/.test(endpoint))
    problems.push(`S3_ENDPOINT must be an http:// or https:// URL, not '${endpoint}'`);
  const pathStyle = read(env, 'S3_FORCE_PATH_STYLE');
  if (pathStyle && pathStyle !== 'true' && pathStyle !== 'false')
    problems.push(`S3_FORCE_PATH_STYLE must be 'true' or 'false', not '${pathStyle}'`);
  const prefix = read(env, 'S3_PREFIX');
  if (prefix && (!PREFIX.test(prefix) || prefix.includes('..')))
    problems.push(
      `S3_PREFIX must be a folder name like 'site-a/' (letters, digits, '_', '.', '-' and '/'), not '${prefix}'`,
    );
  for (const name of CHECKSUM_VARIABLES) {
    const mode = read(env, name);
    if (mode && !(CHECKSUM_MODES as readonly string[]).includes(mode))
      problems.push(`${name} must be WHEN_REQUIRED or WHEN_SUPPORTED, not '${mode}'`);
  }
  return problems;
}

/** The storage settings of a checked environment (storageProblems found nothing). */
export function readStorageConfig(env: Env, dataDir: string): StorageConfig {
  if (!read(env, 'S3_BUCKET')) return { kind: 'local', dataDir };
  const prefix = read(env, 'S3_PREFIX');
  const checksums = (name: string) => (read(env, name) || 'WHEN_REQUIRED') as ChecksumMode;
  return {
    kind: 's3',
    bucket: read(env, 'S3_BUCKET'),
    endpoint: read(env, 'S3_ENDPOINT'),
    region: read(env, 'S3_REGION'),
    accessKeyId: read(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: read(env, 'S3_SECRET_ACCESS_KEY'),
    forcePathStyle: read(env, 'S3_FORCE_PATH_STYLE') === 'true',
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    requestChecksums: checksums('AWS_REQUEST_CHECKSUM_CALCULATION'),
    responseChecksums: checksums('AWS_RESPONSE_CHECKSUM_VALIDATION'),
  };
}
