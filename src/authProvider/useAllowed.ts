import { checkAccess, type AccessRule } from '../domain/access';
import { toAccessContext } from '../domain/identity';
import { currentTime } from '../layout/currentTime';
import { usePartnership } from './usePartnership';

/**
 * Whether the signed-in account passes `rule`, by the same `checkAccess` the server runs: controls
 * an account cannot use are not shown (issue 22 A3). False until the identity has loaded.
 */
export function useAllowed(rule: AccessRule): boolean {
  const { partnership } = usePartnership();
  return partnership !== undefined && checkAccess(toAccessContext(partnership), rule, currentTime()) === null;
}
