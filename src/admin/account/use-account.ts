/** The signed-in member's account for the screens, and a way to ask again after changing it. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { account } from '../auth-provider.ts';

export function useAccount() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['account'], queryFn: () => account() });
  /** Asks the server again, and with it every permission and list the change may open. */
  const reload = async () => {
    await account(true);
    await client.invalidateQueries();
  };
  return { account: query.data ?? null, isPending: query.isPending, reload };
}
