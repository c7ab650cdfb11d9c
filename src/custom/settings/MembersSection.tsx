import { useState } from 'react';
import {
  Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Table, TableBody, TableCell,
  TableHead, TableRow, Tooltip, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Confirm, PasswordInput, SaveButton, TextInput, useCreate, useDelete, useGetList, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { Form } from '../../framework/Form';
import { memberSchema, memberUpdateSchema } from '../../domain/validation/account';
import { formatPhone } from '../../domain/patterns';
import type { FieldValues } from 'react-hook-form';
import { Section } from '../../framework/ui';
import { Link } from 'react-router-dom';
import { usePartnership } from '../../authProvider/usePartnership';
import { isSubscribed } from '../../domain/access';
import { PageLoading } from '../../framework/PageStates';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';
import { PhoneInput } from './PhoneInput';
import { ScrollRegion } from '../../framework/ScrollRegion';

interface Member extends RaRecord {
  idx: number;
  email: string;
  companyName: string;
  phoneNum: string;
}

const NEW_MEMBER = { email: '', password: '', companyName: '', phoneNum: '' };

function MemberDialog({ member, onClose }: { member: Member | 'new'; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate();
  const [update] = useUpdate();
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const isNew = member === 'new';
  const record = isNew ? NEW_MEMBER : { id: member.id, companyName: member.companyName, phoneNum: member.phoneNum, email: member.email };
  return (
    <Dialog open onClose={onClose} aria-labelledby="member-dialog-title" fullWidth maxWidth="xs" fullScreen={fullScreen}>
      <Form
        record={record}
        resolver={schemaResolver(isNew ? memberSchema : memberUpdateSchema)}
       
        onSubmit={async (values: FieldValues) => {
          try {
            if (isNew) {
              await create('members', { data: values }, { returnPromise: true });
              notify('app.brand.memberCreated', { type: 'success' });
            } else {
              await update(
                'members',
                { id: member.id, data: { companyName: values.companyName, phoneNum: values.phoneNum }, previousData: member },
                { returnPromise: true, mutationMode: 'pessimistic' },
              );
              notify('app.brand.memberUpdated', { type: 'success' });
            }
            onClose();
          } catch (err) {
            return submissionErrors(err);
          }
        }}
      >
        <DialogTitle id="member-dialog-title" sx={{ fontWeight: 700 }}>
          {translate(isNew ? 'app.brand.addMember' : 'app.brand.editMember')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={0.5} sx={{ pt: 1 }}>
            <TextInput source="email" label="app.brand.memberEmail" type="email" autoComplete="off" disabled={!isNew} fullWidth />
            {isNew && <PasswordInput source="password" label="app.brand.memberPassword" autoComplete="new-password" helperText={translate('app.profile.passwordHint')} fullWidth />}
            <TextInput source="companyName" label="app.brand.memberName" autoComplete="off" fullWidth />
            <PhoneInput source="phoneNum" label="app.brand.memberPhone" fullWidth />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            {translate('app.common.cancel')}
          </Button>
          <SaveButton label="app.common.save" icon={<></>} alwaysEnable={isNew} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** Sub-accounts of the brand: list, add, edit and delete after confirmation. */
export function MembersSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const { partnership } = usePartnership();
  // Sub-accounts need an active subscription (docs/api-contract.md); say so instead of a refusal modal.
  const subscribed = partnership ? isSubscribed(partnership) : false;
  const { data = [], isPending } = useGetList<Member>(
    'members',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'idx', order: 'ASC' } },
    { enabled: subscribed },
  );
  const [deleteOne, { isPending: isDeleting }] = useDelete();
  const [editing, setEditing] = useState<Member | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Member | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteOne('members', { id: deleting.id, previousData: deleting }, { returnPromise: true, mutationMode: 'pessimistic' });
      notify('app.brand.memberDeleted', { type: 'success' });
    } catch {
      // Shown by the data layer.
    }
    setDeleting(null);
  };

  return (
    <Section
      title={translate('app.brand.membersSection')}
      description={translate('app.brand.membersHelp')}
      id="brand-members"
      action={
        subscribed ? (
          <Button startIcon={<AddIcon />} variant="outlined" size="small" onClick={() => setEditing('new')}>
            {translate('app.brand.addMember')}
          </Button>
        ) : undefined
      }
    >
      {!subscribed ? (
        <Box sx={{ py: 3, px: 2, textAlign: 'center', bgcolor: 'action.hover', borderRadius: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {translate('app.brand.membersNeedSubscription')}
          </Typography>
          <Button component={Link} to="/b2b/payment/subscribe" size="small" variant="contained">
            {translate('app.home.viewPlans')}
          </Button>
        </Box>
      ) : isPending ? (
        <PageLoading />
      ) : data.length === 0 ? (
        <Box sx={{ py: 4, textAlign: 'center', bgcolor: 'action.hover', borderRadius: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('app.brand.membersEmpty')}
          </Typography>
        </Box>
      ) : (
        <ScrollRegion>
          <Table size="small" aria-labelledby="brand-members">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.brand.memberName')}</TableCell>
                <TableCell>{translate('app.brand.memberEmail')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate('app.brand.memberPhone')}</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((m) => (
                <TableRow key={m.id}>
                  <TableCell>{m.companyName}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{m.email}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{m.phoneNum ? formatPhone(m.phoneNum) : ''}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={translate('app.common.edit')}>
                      <IconButton size="small" aria-label={`${translate('app.common.edit')} ${m.email}`} onClick={() => setEditing(m)}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('app.common.delete')}>
                      <IconButton size="small" aria-label={`${translate('app.common.delete')} ${m.email}`} onClick={() => setDeleting(m)}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
      {editing && <MemberDialog member={editing} onClose={() => setEditing(null)} />}
      <Confirm
        isOpen={deleting !== null}
        loading={isDeleting}
        title="app.brand.deleteTitle"
        content="app.brand.deleteConfirm"
        translateOptions={{ email: deleting?.email ?? '' }}
        confirm="app.common.delete"
        cancel="app.common.cancel"
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Section>
  );
}
