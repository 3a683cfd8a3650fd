/**
 * The builds screen's data from the API (docs/decisions/150-build-changes.md): the builds, content not
 * yet live, and what a build changes against live. Polled every 2 s while a build is queued or running,
 * every 30 s otherwise (changes by others).
 */
import { useQuery } from '@tanstack/react-query';
import type { Build as BuildAnswer, BuildChanges, PendingContent } from '../../contract/builds.ts';
import { api } from '../http.ts';

export type Build = Omit<BuildAnswer, '@context' | '@id' | '@type'>;
export type { BuildChanges, PendingContent };

export const running = (b: Build) => b.status === 'queued' || b.status === 'building';
const every = (busy: boolean | undefined) => (busy ? 2000 : 30_000);

export function useBuilds() {
  return useQuery({
    queryKey: ['admin-builds'],
    queryFn: async () => (await api<{ 'hydra:member': Build[] }>('/api/builds'))['hydra:member'],
    refetchInterval: (q) => every(q.state.data?.some(running)),
  });
}

export function usePending() {
  const { data: builds } = useBuilds();
  // Asked again whenever a build changes state (queued → building → preview → live).
  const states = builds?.map((b) => `${b.id}:${b.status}`).join(',') ?? '';
  return useQuery({
    queryKey: ['admin-builds-pending', states],
    queryFn: () => api<PendingContent>('/api/builds/pending'),
    refetchInterval: every(builds?.some(running)),
  });
}

export function useChanges(id: string | undefined) {
  return useQuery({
    queryKey: ['admin-build-changes', id],
    queryFn: () => api<BuildChanges>(`/api/builds/${id}/changes`),
    enabled: !!id,
    retry: false,
  });
}
