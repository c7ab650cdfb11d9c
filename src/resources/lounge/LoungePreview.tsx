import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { LOUNGE_DEFAULT_COLOR } from '../../domain/brandLounge';
import { loungeKo } from '../../i18n/lounge.ko';
import { LoungeTheme } from '../../lounge/look/LoungeTheme';
import { LoungeHeader } from '../../lounge/look/LoungeHeader';
import { MembershipOffers } from '../../lounge/look/MembershipOffers';
import { Section } from '../../lounge/look/Section';
import { StampCardSection } from '../../lounge/look/StampCard';
import { sampleStampCount } from '../stamp/StampCardPreview';
import { fileUrl, type CouponChoice, type MembershipChoice, type StampCardLook } from './api';

/** The phone width the customer's lounge is designed for (the lounge helper's 390 px). */
export const PHONE_WIDTH = 390;
const T = loungeKo.lounge;
const pick = <C extends { idx: number }>(choices: C[], idxList: number[] | undefined) =>
  (idxList ?? []).map((idx) => choices.find((c) => c.idx === idx)).filter((c): c is C => Boolean(c));

/**
 * The customer's lounge on a phone as a signed-in customer who holds nothing yet sees it, drawn by
 * the lounge's own components and theme (issue 23 item 7) from the form's current values (no save
 * needed): the front with its coupons, the memberships to join in their order, and the stamp card
 * (a sample two stamps in) when it shows.
 */
export function LoungePreview({ memberships, coupons, stamp }: { memberships: MembershipChoice[]; coupons: CouponChoice[]; stamp: StampCardLook | null }) {
  const translate = useTranslate();
  const v = useWatch() as {
    title?: string; subtitle?: string; description?: string; notice?: string; themeColor?: string; logo?: string | null; image?: string | null;
    membershipIdxList?: number[]; couponIdxList?: number[]; showStamp?: 'Y' | 'N';
  };
  const look = {
    title: v.title ?? '', subtitle: v.subtitle ?? '', description: v.description ?? '', notice: v.notice ?? '',
    themeColor: /^#[0-9A-Fa-f]{6}$/.test(v.themeColor ?? '') ? v.themeColor! : LOUNGE_DEFAULT_COLOR,
    logoUrl: v.logo ? fileUrl(v.logo) : null, imageUrl: v.image ? fileUrl(v.image) : null,
    showStamp: v.showStamp === 'Y', coupons: pick(coupons, v.couponIdxList),
  };
  const offers = pick(memberships, v.membershipIdxList).map((m) => ({ idx: m.idx, name: m.nftCardName, backgroundUrl: null, benefits: [], needsApproval: false }));
  return (
    <Box
      role="region"
      aria-label={translate('lounge.preview')}
      sx={{
        width: PHONE_WIDTH, height: 760, mx: 'auto', border: '10px solid #111', borderRadius: '36px', overflow: 'auto',
        boxShadow: '0 12px 40px rgba(0,0,0,0.18)', boxSizing: 'content-box',
      }}
    >
      <LoungeTheme>
        <Box sx={{ bgcolor: 'background.default', minHeight: '100%', px: 2, py: 3 }}>
          <LoungeHeader look={look} brandName="" />
          <Section title={T.memberships.title}>
            {offers.length ? <MembershipOffers offers={offers} onJoin={() => undefined} /> : <Typography sx={{ color: 'text.secondary' }}>{T.memberships.empty}</Typography>}
          </Section>
          {look.showStamp && <StampCardSection card={stamp && { ...stamp, count: sampleStampCount(stamp.goal) }} />}
        </Box>
      </LoungeTheme>
    </Box>
  );
}
