import { Button, Chip, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { seoulDate } from '../../domain/seoulDay';
import { MEMBERSHIP, MEMBERSHIP_ROUTE, expiryText, type MembershipTemplate } from './api';

const L = 'membership-template';

/** /b2b/membership/setting: the tenant's membership templates (main first, then active, newest), a row opens its detail; 등록. */
export default function MembershipTemplateList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data, isPending } = useGetList<MembershipTemplate>(MEMBERSHIP, { pagination: { page: 1, perPage: 100 } });
  return (
    <PageShell
      titleKey={`${L}.title`}
      actions={
        <Button variant="contained" disableElevation component={RouterLink} to={`${MEMBERSHIP_ROUTE}/register`}>
          {translate(`${L}.register`)}
        </Button>
      }
    >
      {isPending ? <PageLoading /> : (
        <Paper variant="outlined" sx={{ borderRadius: 3, overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(`${L}.listLabel`)}>
            <TableHead>
              <TableRow>
                {['nftCardName', 'expireType', 'benefits', 'partnersCoupon', 'status', 'createdAt'].map((f) => (
                  <TableCell key={f}>{translate(`${L}.fields.${f}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((m) => (
                <TableRow key={m.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`${MEMBERSHIP_ROUTE}/${m.id}`)}>
                  <TableCell>
                    <RouterLink to={`${MEMBERSHIP_ROUTE}/${m.id}`} onClick={(e) => e.stopPropagation()}>{m.nftCardName}</RouterLink>
                    {m.isMain && <Chip size="small" color="primary" label={translate(`${L}.main`)} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{expiryText(m, translate)}</TableCell>
                  <TableCell>{m.benefits.length}</TableCell>
                  <TableCell>{m.partnersCoupon.length}</TableCell>
                  <TableCell>{translate(m.status === 'ACTIVE' ? `${L}.statusActive` : `${L}.statusStop`)}</TableCell>
                  <TableCell>{seoulDate(m.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {data?.length === 0 && <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">{translate(`${L}.empty`)}</Typography>}
        </Paper>
      )}
    </PageShell>
  );
}
