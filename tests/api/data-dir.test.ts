/** DATA_DIR holds everything the server writes: the SQLite file too (README), unless DATABASE_URL says otherwise. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/server.ts';

describe('DATA_DIR', () => {
  it('moves the SQLite file, uploads and builds', () => {
    const c = loadConfig({ DATA_DIR: '/srv/subaru-data' });
    expect(c.databaseUrl).toBe('sqlite:/srv/subaru-data/site.db');
    expect(c.uploadsDir).toBe('/srv/subaru-data/uploads');
    expect(c.buildsDir).toBe('/srv/subaru-data/builds');
    expect(loadConfig({}).databaseUrl).toBe('sqlite:data/site.db');
  });

  it('leaves an explicit DATABASE_URL alone', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/subaru';
    expect(loadConfig({ DATA_DIR: '/srv/x', DATABASE_URL: url }).databaseUrl).toBe(url);
  });
});
