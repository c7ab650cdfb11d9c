import type { ReactNode } from 'react';
import { Box, Button, Paper } from '@mui/material';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { BackToListButton, DetailRow, PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { NotFoundDialog, useRecordOr404 } from '../../framework/record/useRecordOr404';
import { fieldLabel } from '../../domain/resource';
import { couponResource, type CouponInput } from '../../domain/resources/coupon';
import { COUPON_MSG, COUPON_USE_PLACES, EXPIRE_BY_DAYS, USE_PLACE_STORES } from '../../domain/coupon';
import { cellOf } from '../../framework/resource/listDeclaration';

type Coupon = RaRecord & CouponInput & { membershipName: string | null; image: { path: string; url: string } | null; createdAt: string };
const { route, name } = couponResource;

/** /b2b/coupon/{idx}: the coupon's settings in Korean, its image, 수정; a missing coupon (or another tenant's) opens the not-found dialog. */
export default function CouponShow() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { record: c, isPending, notFound } = useRecordOr404<Coupon>(name);
  const stores = useGetList<{ id: number; name: string }>('store', { pagination: { page: 1, perPage: 500 } }, { enabled: c?.usePlace === USE_PLACE_STORES });
  if (notFound) return <NotFoundDialog message={COUPON_MSG.notFound} onClose={() => navigate(route, { replace: true })} />;
  if (isPending || !c) return <PageLoading />;
  const yesNo = (v: 'Y' | 'N' | undefined) => translate(v === 'Y' ? 'ra.message.yes' : 'ra.message.no');
  const days = (n: number | null | undefined) => translate('coupon.daysUnit', { days: n ?? 0 });
  const storeNames = (stores.data ?? []).filter((s) => c.storeIdxList.includes(s.id)).map((s) => s.name).join(', ');
  const rows: [string, ReactNode][] = [
    ['title', c.title],
    ['membershipName', c.membershipName],
    c.expireType === EXPIRE_BY_DAYS ? ['expireDays', days(c.expireDays)] : ['expireDate', c.expireDate],
    ['usePlace', c.usePlace ? COUPON_USE_PLACES[c.usePlace as keyof typeof COUPON_USE_PLACES] : ''],
    ...(c.usePlace === USE_PLACE_STORES ? [['storeIdxList', storeNames] as [string, ReactNode]] : []),
    ['useCountLimit', c.useCountLimit === 'Y' ? (c.countLimit ?? 0).toLocaleString('ko-KR') : yesNo('N')],
    ['code', c.code],
    ['barcode', c.barcode],
    ['usePassword', yesNo(c.usePassword)],
    ['oncePerCustomer', yesNo(c.oncePerCustomer)],
    ['isBirthday', c.isBirthday === 'Y' ? translate('coupon.birthdayDaysValue', { days: c.birthdayDays ?? 0 }) : yesNo('N')],
    ['createdAt', cellOf<Coupon>(couponResource, 'createdAt', { withTime: true })(c)],
  ];
  return (
    <PageShell
      title={c.title}
      maxWidth={720}
      actions={
        <Button component={RouterLink} to={`${route}/edit/${c.id}`} variant="contained" disableElevation>
          {translate('coupon.editAction')}
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Box component="dl" sx={{ m: 0 }}>
          {rows.map(([source, value]) => (
            <DetailRow key={source} label={translate(fieldLabel(couponResource, source))}>
              {value || '-'}
            </DetailRow>
          ))}
          {c.image && (
            <DetailRow label={translate(fieldLabel(couponResource, 'image'))}>
              <Box component="img" src={c.image.url} alt={c.title} sx={{ maxWidth: 200, borderRadius: 2 }} />
            </DetailRow>
          )}
        </Box>
      </Paper>
      <BackToListButton to={route} label="coupon.back" />
    </PageShell>
  );
}
