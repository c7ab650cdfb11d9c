import { useGetIdentity } from 'react-admin';
import type { Partnership } from '../domain/identity';

/** The signed-in account: authProvider.getIdentity returns `{ id, fullName, partnership }`. */
export function usePartnership(): Partnership | undefined {
  const { identity } = useGetIdentity();
  return (identity as { partnership?: Partnership } | undefined)?.partnership;
}
