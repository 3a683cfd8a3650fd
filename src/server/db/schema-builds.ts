/** Site builds, rebuild-webhook signatures and the build lease (migration 003_builds). */

type BuildStatus = 'queued' | 'building' | 'succeeded' | 'failed' | 'published' | 'discarded';
export type BuildTrigger = 'manual' | 'schedule' | 'webhook' | 'content' | 'first-start';

export interface BuildsTable {
  id: string; // also the directory name under data/builds/; sorts chronologically
  status: BuildStatus;
  trigger: BuildTrigger;
  coalesced: number; // how many further triggers this build absorbed while queued
  auto_publish: number; // 1: publish when it succeeds; 0: wait as a preview
  queued_at: string; // ISO date-time
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  error: string | null;
  published_at: string | null; // the last time it went live
  pruned_at: string | null; // its directory was removed (keep-N or discard)
  started_by: string | null; // who: a staff member's or API key's name, 'scheduler'… (015)
  pages: number | null; // pages in its manifest (015)
  pages_written: number | null; // pages written so far while building, by the building instance (053)
}

interface RebuildSignaturesTable {
  signature: string;
  expires_at: number; // epoch ms
}

interface BuildLeasesTable {
  name: string;
  owner: string | null;
  expires_at: number; // epoch ms
}

/** Which build every instance serves (053): one row, 'site', changed by compare-and-set only. */
interface SiteLiveTable {
  name: string;
  build_id: string;
  previous_id: string | null;
  changed_at: string;
}

/** One scheduled occurrence, claimed by one instance (053); a lease not renewed can be taken over. */
interface ScheduleRunsTable {
  job: string;
  due_at: string; // ISO date-time of the occurrence
  owner: string | null;
  lease_until: number; // epoch ms
  attempts: number;
  finished_at: string | null;
  error: string | null;
}

export interface BuildTables {
  builds: BuildsTable;
  rebuild_signatures: RebuildSignaturesTable;
  build_leases: BuildLeasesTable;
  site_live: SiteLiveTable;
  schedule_runs: ScheduleRunsTable;
}
