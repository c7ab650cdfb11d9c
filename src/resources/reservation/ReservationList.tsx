import { Button, Chip, Stack } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ResourceList } from '../../framework/resource/ResourceList';
import { reservationResource } from '../../domain/resources/reservation';
import type { ReservationStatus } from '../../domain/reservation';

const COLOR: Record<ReservationStatus, 'default' | 'success' | 'info'> = { ready: 'info', progress: 'success', end: 'default' };

function StatusCell({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const status = record.status as ReservationStatus;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Chip size="small" color={COLOR[status]} label={translate(`reservation.status.${status}`)} />
      <Button size="small" variant="outlined" component={RouterLink} to={`${reservationResource.route}/${record.id}`} onClick={(e) => e.stopPropagation()}>
        {translate('reservation.manage')}
      </Button>
    </Stack>
  );
}

const CELLS = { status: (r: RaRecord) => <StatusCell record={r} /> };

/** /b2b/store/reservation: the reservations with their status; a row opens its bookings. */
export default function ReservationList() {
  return <ResourceList def={reservationResource} cells={CELLS} rowClick={(id) => `${reservationResource.route}/${id}`} />;
}
