import { useGetIdentity } from 'react-admin';
import type { Partnership } from '../domain/identity';
import type { PartnerIdentity } from './index';

/** The signed-in administrator (GET /v1/admin/partnerships), through react-admin's identity query. */
export function usePartnership(): { partnership: Partnership | undefined; isPending: boolean; error: unknown; refetch: () => unknown } {
  const { data, isPending, error, refetch } = useGetIdentity();
  return { partnership: (data as PartnerIdentity | undefined)?.partnership, isPending, error, refetch };
}
