import type { opsKo } from './ops.ko';

/** English texts of the operator console, same keys as ops.ko.ts. */
export const opsEn: typeof opsKo = {
  ops: {
    appTitle: 'Operator console',
    loading: 'Loading',
    loadFailed: 'Could not load. Please try again in a moment',
    signIn: { title: 'Operator sign-in', help: 'Sign in with a platform staff account. Brand accounts cannot enter here', email: 'E-mail', password: 'Password', submit: 'Sign in' },
    signOut: 'Sign out',
    nav: { brands: 'Find a brand', audit: 'Audit log', analytics: 'Usage', operators: 'Operators', notices: 'Notices' },
    role: { support: 'Support', admin: 'Admin' },
    search: { label: 'Brand or company name', submit: 'Find', empty: 'No brand found', hint: 'Enter a brand name to find it', suspended: 'Suspended', leaved: 'Withdrawn' },
    brand: {
      back: 'Back to search',
      overview: 'Overview',
      companyName: 'Company', brandNames: 'Brands', email: 'E-mail', phone: 'Phone', plan: 'Plan', credit: 'Credit balance', status: 'Status',
      active: 'Active', suspendedSince: 'Suspended since %{date}: %{reason}', noPlan: 'No subscription',
      tabs: { accounts: 'Accounts', subscriptions: 'Subscriptions', guarantees: 'Guarantees', customers: 'Customers', asRequests: 'A/S requests', messages: 'Messages', credit: 'Credit' },
      empty: 'Nothing here',
      masked: 'Personal data is masked. Open a customer and state a reason to see it',
      suspend: 'Suspend', unsuspend: 'Lift suspension',
      suspendTitle: 'Suspend %{name}?',
      suspendHelp: 'Every account of this brand is signed out at once and cannot use the console',
      suspendReason: 'Reason',
      unsuspendTitle: 'Lift the suspension of %{name}?',
      suspended: 'Brand suspended', unsuspended: 'Suspension lifted',
    },
    columns: {
      idx: 'No.', main: 'Kind', mainAccount: 'Main', subAccount: 'Sub', name: 'Name', email: 'E-mail', phone: 'Phone', createdAt: 'Created',
      plan: 'Plan', start: 'Start', end: 'End', trial: 'Trial', canceled: 'Canceled',
      nftNumber: 'Certificate no.', nftType: 'Type', nftStatus: 'Status', productName: 'Product', orderer: 'Orderer', ordererTel: 'Orderer phone',
      type: 'Type', status: 'Status', customer: 'Customer', kind: 'Kind', amount: 'Amount', balanceAfter: 'Balance',
      messageTitle: 'Title', sendAt: 'Send at', sent: 'Sent', succeeded: 'Succeeded', failed: 'Failed',
      open: 'Open', yes: 'Yes', no: 'No',
    },
    customer: {
      title: 'Customer', back: 'Back to customers',
      reveal: 'Show', revealTitle: 'Show %{field}',
      revealHelp: 'The reason is kept in the audit log, which the brand can read',
      reason: 'Reason', revealSubmit: 'Show',
      fields: { name: 'Name', phone: 'Mobile', email: 'E-mail' },
      gender: 'Gender', birthday: 'Birthday', agreeMarketing: 'Marketing consent',
    },
    audit: {
      title: 'Audit log', filters: 'Filters', action: 'Action', outcome: 'Outcome', actorKind: 'Actor', from: 'From', to: 'To', tenant: 'Brand no.',
      all: 'All', ok: 'Done', refused: 'Refused', partner: 'Brand account', operator: 'Operator', apply: 'Search',
      at: 'When', who: 'Who', what: 'Action', target: 'Target', ip: 'IP', detail: 'Detail', empty: 'No records',
      total: '%{count} in all', prev: 'Previous', next: 'Next', page: 'Page %{page}',
    },
    operators: {
      title: 'Operators', add: 'Add operator', email: 'E-mail', name: 'Name', role: 'Role', password: 'Initial password (8+ characters)',
      added: 'Operator added', adminOnly: 'Admins only',
    },
    notices: {
      title: 'Notices', add: 'Write a notice', noticeTitle: 'Title', date: 'Posted on', link: 'Link (optional)', submit: 'Post',
      added: 'Posted the notice %{title}',
    },
    analytics: {
      title: 'Usage', pageviews: 'Page views (last 7 days)', errors: 'Screen errors (latest 50)',
      path: 'Path', views: 'Views', accounts: 'Accounts', at: 'When', kind: 'Kind', message: 'Message', tenant: 'Brand',
    },
    cancel: 'Cancel',
    confirm: 'OK',
  },
};
