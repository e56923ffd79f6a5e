import {
  WORKSPACE_SEATS,
  ZDashboardResponse,
  ZWorkspacesResponse,
  ZWorkspaceTeamResponse,
  type TDashboard,
  type TInfluencer,
  type TWorkspace,
  type TWorkspaceInvitation,
  type TWorkspaceMember,
} from '@muse/shared';
import { reply, type TFakeAnswer } from './fake-api';

/*
 * What the API's common answers hold, for the component tests' fakes (fake-api.ts): one place
 * that knows every field, so a test names only what it is about.
 */

/**
 * An influencer as the API lists it: a persona ready to generate with (10 reference photos)
 * unless `ready: false`, which makes one that still needs its photos.
 */
export function anInfluencer({
  ready = true,
  ...overrides
}: Partial<TInfluencer> = {}): TInfluencer {
  return {
    id: '6f1c2f0e-4a43-4c47-9a53-0c0f8a4f8a11',
    name: 'Mara Lind',
    niche: 'fashion',
    personality: '',
    target_audience: '',
    description: 'Street style',
    image: null,
    thumbnail: null,
    modelId: null,
    personaStatus: ready ? 'ready' : 'needs-photos',
    ready,
    referencePhotos: ready ? 10 : 0,
    likeness: null,
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

/** `GET /api/users/dashboard`: a free account with nothing yet, unless told otherwise. */
export function dashboardAnswer(overrides: Partial<TDashboard> = {}): TFakeAnswer {
  return reply(ZDashboardResponse, {
    success: true,
    dashboard: {
      plan: null,
      planLabel: 'FREE',
      credits: 0,
      modelTokens: 0,
      influencers: { used: 0, limit: 0 },
      products: { used: 0, limit: 0 },
      recentInfluencers: [],
      ...overrides,
    },
  });
}

/** The person faked tests sign in as, and so the id of their personal workspace. */
export const ME = '0b7e8f2a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';

/** A workspace as GET /api/workspaces lists it: the person's own, owned, without a plan. */
export function aWorkspace(overrides: Partial<TWorkspace> = {}): TWorkspace {
  return {
    id: ME,
    name: 'Personal workspace',
    personal: true,
    role: 'owner',
    approvalRequired: false,
    plan: null,
    planLabel: 'FREE',
    ...overrides,
  };
}

/** A team workspace of someone else's, where the person has `role`. */
export function aTeamWorkspace(overrides: Partial<TWorkspace> = {}): TWorkspace {
  return aWorkspace({
    id: '5d9c3e1b-7a2f-4b6e-9c8d-1e2f3a4b5c6d',
    name: 'Rose Studio',
    personal: false,
    role: 'editor',
    plan: 'launch',
    planLabel: 'Launch',
    ...overrides,
  });
}

/** `GET /api/workspaces`: these workspaces, the first one open unless `current` says otherwise. */
export function workspacesAnswer(workspaces: TWorkspace[], current?: string): TFakeAnswer {
  return reply(ZWorkspacesResponse, {
    success: true,
    workspaces,
    current: current ?? workspaces[0]?.id ?? ME,
  });
}

/**
 * `GET /api/workspace/members`: `workspace` with the person alone in it unless `members` and
 * `invitations` say otherwise, and the seats of its plan.
 */
export function teamAnswer({
  workspace = aWorkspace(),
  members,
  invitations = [],
  seats,
}: {
  workspace?: TWorkspace;
  members?: TWorkspaceMember[];
  invitations?: TWorkspaceInvitation[];
  seats?: { included: number; used: number };
} = {}): TFakeAnswer {
  const list = members ?? [
    aMember({ userId: ME, role: workspace.role, you: true, fullName: 'Ava Rose' }),
  ];
  return reply(ZWorkspaceTeamResponse, {
    success: true,
    workspace,
    members: list,
    invitations,
    seats: seats ?? {
      included: WORKSPACE_SEATS[workspace.plan ?? 'free'],
      used: list.length + invitations.length,
    },
  });
}

/** A member of a workspace's team. */
export function aMember(overrides: Partial<TWorkspaceMember> = {}): TWorkspaceMember {
  return {
    userId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    fullName: 'Bo Lee',
    email: 'bo@example.com',
    role: 'editor',
    joinedAt: '2026-06-01T10:00:00.000Z',
    you: false,
    ...overrides,
  };
}
