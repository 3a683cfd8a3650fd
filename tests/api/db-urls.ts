export const SQLITE_TEMPLATE = 'data/test/template.db';

export function templateDbName(): string {
  return `sdg_template_${process.pid}`;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The maintenance database, to create and drop test databases from. */
export function adminUrl(url: string): string {
  return withDatabase(url, 'postgres');
}
