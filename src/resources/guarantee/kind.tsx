import { createContext, useContext, type ReactNode } from 'react';
import type { NftType } from '../../domain/guarantee';
import { guaranteeResource } from '../../domain/resources/guarantee';
import { membershipIssueResource } from '../../domain/resources/membershipIssue';

/**
 * Which certificates a history screen shows: guarantees, or memberships (certificates of type
 * MEMBERSHIP, issue 11 item 2). The guarantee history's query, search panel, columns and bulk actions
 * read it, so the membership history is the same list with its own resource, path, API, texts and
 * bulk actions (stop instead of the pending cancel reason; complete approves customers' waiting applications).
 */
export interface NftKind {
  nftType: NftType;
  /** The dataProvider resource (src/dataProvider/resources.ts). */
  resource: string;
  /** The console route of the history; detail at `<path>/<idx>`. */
  path: string;
  /** Where a new issue starts. */
  publishPath: string;
  /** The API path: bulk operations at `<api>/cancel/bulk`, `<api>/bulk`... */
  api: string;
  /** The label prefix of the list's texts (`<texts>.list.*`, `<texts>.refused.*`). */
  texts: string;
  bulk: readonly ('complete' | 'stop' | 'cancel' | 'delete' | 'pendingCancel')[];
  /** Whether the history offers the spreadsheet export. */
  exportable: boolean;
}

export const GUARANTEE_KIND: NftKind = {
  nftType: 'GUARANTEE', resource: guaranteeResource.name, path: guaranteeResource.route, publishPath: `${guaranteeResource.route}/publish`,
  api: guaranteeResource.apiPath, texts: 'guarantee', bulk: ['complete', 'cancel', 'delete', 'pendingCancel'], exportable: true,
};

export const MEMBERSHIP_KIND: NftKind = {
  nftType: 'MEMBERSHIP', resource: membershipIssueResource.name, path: membershipIssueResource.route, publishPath: '/b2b/membership/publish',
  api: membershipIssueResource.apiPath, texts: 'membership-nft', bulk: ['complete', 'stop', 'cancel', 'delete'], exportable: false,
};

const KindContext = createContext<NftKind>(GUARANTEE_KIND);

export const useNftKind = () => useContext(KindContext);

export function NftKindProvider({ kind, children }: { kind: NftKind; children: ReactNode }) {
  return <KindContext.Provider value={kind}>{children}</KindContext.Provider>;
}
