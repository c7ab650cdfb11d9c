import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { AS_RULES } from '../../../domain/afterService';
import { checkAccess } from '../../../domain/access';
import { toAccessContext } from '../../../domain/identity';
import { usePartnership } from '../../../authProvider/usePartnership';
import { clock } from '../../../providers/session';
import { INTAKE_PATH } from './api';

/** 'A/S 접수' on a certificate's detail: the intake with the certificate prefilled, for accounts that may use the intake. */
export function AsIntakeLink({ guaranteeIdx }: { guaranteeIdx: number | string }) {
  const translate = useTranslate();
  const { partnership } = usePartnership();
  if (!partnership || checkAccess(toAccessContext(partnership), AS_RULES.intake, new Date(clock.now())) !== null) return null;
  return (
    <Button component={RouterLink} to={`${INTAKE_PATH}?guaranteeIdx=${guaranteeIdx}`} variant="outlined">
      {translate('afterServiceIntake.fromGuarantee')}
    </Button>
  );
}
