import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AsPartnerLinkStatus, AsType } from '../../../domain/afterService';
import { apiRequest } from '../../../providers/http';

/** A brand's partner link (GET /v1/admin/{type}/partner, docs/api/afterService.md). */
export interface PartnerLink {
  idx: number;
  partnerIdx: number;
  companyName: string;
  email: string;
  status: AsPartnerLinkStatus;
  createdAt: string;
  acceptedAt: string | null;
}
/** An invitation waiting for the partner (GET /v1/admin/{type}/invitation). */
export interface PartnerInvitation {
  idx: number;
  brandName: string;
  createdAt: string;
}

const linksKey = (type: AsType) => ['afterService', type, 'partners'] as const;
const invitationsKey = (type: AsType) => ['afterService', type, 'invitations'] as const;

export function usePartnerLinks(type: AsType) {
  return useQuery({
    queryKey: linksKey(type),
    queryFn: ({ signal }) => apiRequest<{ list: PartnerLink[] }>(`/v1/admin/${type}/partner`, { signal }).then((d) => d.list),
    retry: false,
  });
}

/** Invite (POST { email }) and remove (DELETE /{idx}); both reload the list. */
export function usePartnerLinkActions(type: AsType) {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: linksKey(type) });
  const invite = useMutation({
    mutationFn: (email: string) => apiRequest<{ idx: number }>(`/v1/admin/${type}/partner`, { method: 'POST', body: { email } }),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (idx: number) => apiRequest(`/v1/admin/${type}/partner/${idx}`, { method: 'DELETE' }),
    onSuccess: reload,
  });
  return { invite, remove };
}

/** The partner's waiting invitations; `enabled` only for the partner of the kind (the route refuses others). */
export function useInvitations(type: AsType, enabled: boolean) {
  return useQuery({
    queryKey: invitationsKey(type),
    queryFn: ({ signal }) => apiRequest<{ list: PartnerInvitation[] }>(`/v1/admin/${type}/invitation`, { signal }).then((d) => d.list),
    enabled,
    retry: false,
  });
}

/** Accepts an invitation: reloads the invitations and the partner's dashboard (new requests may now come). */
export function useAcceptInvitation(type: AsType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idx: number) => apiRequest(`/v1/admin/${type}/partner/${idx}/accept`, { method: 'PATCH' }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: invitationsKey(type) }), client.invalidateQueries({ queryKey: ['afterService', type, 'dashboard'] })]),
  });
}

/** Declines an invitation (PATCH …/decline deletes it): reloads the invitations, so it leaves the dashboard. */
export function useDeclineInvitation(type: AsType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idx: number) => apiRequest<{ idx: number }>(`/v1/admin/${type}/partner/${idx}/decline`, { method: 'PATCH' }),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationsKey(type) }),
  });
}
