import GuaranteeList from '../guarantee/GuaranteeList';
import { MEMBERSHIP_KIND, NftKindProvider } from '../guarantee/kind';

/** /b2b/membership/guarantee: the guarantee history (query, search panel, bulk actions) on issued memberships. */
export default function MembershipIssueList() {
  return (
    <NftKindProvider kind={MEMBERSHIP_KIND}>
      <GuaranteeList />
    </NftKindProvider>
  );
}
