import { Button, Chip, Stack } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ResourceList } from '../../framework/resource/ResourceList';
import { waitingResource } from '../../domain/resources/waiting';
import type { WaitingEventStatus } from '../../domain/waiting';

/** Where each status's button goes (spec 3 §2, spec 1 §4): ready → the edit page, progress and end → marketing. */
export const statusAction = (status: WaitingEventStatus, idx: number | string) =>
  status === 'ready' ? `${waitingResource.route}/edit/${idx}` : '/b2b/customer/marketing';

const COLOR: Record<WaitingEventStatus, 'default' | 'success' | 'info'> = { ready: 'info', progress: 'success', end: 'default' };

function StatusCell({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const status = record.status as WaitingEventStatus;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Chip size="small" color={COLOR[status]} label={translate(`waiting.status.${status}`)} />
      <Button size="small" variant="outlined" component={RouterLink} to={statusAction(status, record.id)} onClick={(e) => e.stopPropagation()}>
        {translate(`waiting.action.${status}`)}
      </Button>
    </Stack>
  );
}

const CELLS = { status: (r: RaRecord) => <StatusCell record={r} /> };

/** /b2b/store/waiting: the events with their status and button; a row opens the event's waiting list. */
export default function WaitingList() {
  return <ResourceList def={waitingResource} cells={CELLS} rowClick={(id) => `${waitingResource.route}/${id}`} />;
}
