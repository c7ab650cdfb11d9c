/** Layout constants of spec 1 section 9 and the shell's external links, in one place. */
export const SIDEBAR_WIDTH = 220;
export const SIDEBAR_COLLAPSED_WIDTH = 72;
export const HEADER_HEIGHT = 60;
export const TAB_BAR_HEIGHT = 60;
/** Below this width the sidebar is hidden and the narrow-screen menu takes over. */
export const MOBILE_BREAKPOINT = 500;
/** The media query of the widths below MOBILE_BREAKPOINT, for `sx` and `useMediaQuery`. */
export const NARROW_SCREEN = `@media (max-width:${MOBILE_BREAKPOINT - 0.05}px)`;
export const MOBILE_MENU_HEIGHT = 56;
/** The subscription banner of a paid plan appears this many days before its end. */
export const SUBSCRIPTION_BANNER_DAYS = 7;

/** External pages; placeholders until the product team publishes the real addresses. */
export const GUIDE_URL = 'https://guide.partner-console.example/';
export const FEEDBACK_URL = 'https://forms.partner-console.example/feedback';

/** The environment switch that hides the marketing-message menu (spec 1 section 6). */
export const HIDE_MARKETING_MESSAGES = import.meta.env.VITE_HIDE_MARKETING_MESSAGES === 'true';

export const PAYMENT_PATH = '/b2b/payment/subscribe';
export const CREDIT_CHARGE_PATH = `${PAYMENT_PATH}?mode=credit`;
