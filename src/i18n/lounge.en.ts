import type { Shape } from './shape';
import type { loungeKo } from './lounge.ko';

/** English texts of the customer's lounge page, same keys as lounge.ko.ts. */
export const loungeEn: Shape<typeof loungeKo> = {
  lounge: {
    loading: 'Loading',
    loadFailed: 'The lounge could not be loaded. Please try again shortly',
    signIn: {
      title: 'Start with your mobile number',
      help: 'Enter the code we text you to see your memberships and coupons',
      phone: 'Mobile number',
      phonePlaceholder: '010-0000-0000',
      send: 'Send code',
      resend: 'Send the code again',
      code: '6-digit code',
      sent: 'We sent the code. Enter it within 3 minutes',
      verify: 'Confirm',
    },
    signOut: 'Sign out',
    greeting: 'Welcome, %{name}',
    memberships: {
      title: 'Memberships',
      mine: 'My memberships',
      available: 'Memberships to join',
      join: 'Join',
      joined: 'Joined',
      waitingHelp: 'Issued once the brand approves',
      needsApproval: 'Issued after approval',
      until: 'Until %{day}',
      empty: 'No memberships to join',
      number: 'Membership number',
    },
    certificates: { title: 'Certificates', empty: 'No certificates yet', open: 'Open the certificate' },
    coupons: {
      title: 'Coupons',
      empty: 'No coupons yet',
      until: 'Until %{day}',
      open: 'Open coupon',
      barcode: 'Barcode %{code}',
      staffTitle: 'Staff confirmation',
      staffHelp: 'Show this screen to the staff. They confirm it and mark it used',
      pin: 'Store PIN (4 digits)',
      store: 'Store',
      storeChoose: 'Choose the store',
      storeNone: 'None',
      redeem: 'Mark as used',
      redeemed: 'The coupon was used',
      close: 'Close',
    },
    stamps: { title: 'Stamps', empty: 'No stamp card yet' },
  },
};
