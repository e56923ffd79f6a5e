import {
  API_KEY_TEXTS,
  API_SCOPE_TEXTS,
  ZApiKeysResponse,
  ZCreateApiKeyResponse,
  ZSuccessResponse,
  type TApiKey,
  type TCreateApiKeyRequest,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../components/ui/toaster';
import { fakeApi, refuse, reply, type TFakeHandler, type TFakeRoute } from '../../testing/fake-api';
import { API_KEYS_PAGE_TEXTS, ApiKeysPage } from './api-keys-page';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

const SECRET = 'muse_sk_4f9a2cQ7xYbV1mN8pL3kR6tW0zH5jD2s';

function aKey(overrides: Partial<TApiKey> = {}): TApiKey {
  return {
    id: 'key-1',
    name: 'Scheduler',
    prefix: 'muse_sk_4f9a2c',
    scopes: ['influencers:read', 'tools:run'],
    createdAt: '2026-06-04T10:00:00.000Z',
    lastUsedAt: null,
    expiresAt: null,
    ...overrides,
  };
}

/** The account's keys in memory: the list answers what the writes left. */
function stubApi(start: TApiKey[], overrides: Partial<Record<TFakeRoute, TFakeHandler>> = {}) {
  let keys = start;
  return fakeApi({
    'GET /api/api-keys': () => reply(ZApiKeysResponse, { success: true, apiKeys: keys }),
    'POST /api/api-keys': ({ body }) => {
      const request = body as TCreateApiKeyRequest;
      const apiKey = aKey({
        id: 'key-new',
        name: request.name,
        scopes: request.scopes,
        expiresAt: request.expiresAt ?? null,
      });
      keys = [apiKey, ...keys];
      return reply(ZCreateApiKeyResponse, { success: true, key: SECRET, apiKey }, 201);
    },
    'DELETE /api/api-keys/:id': ({ params }) => {
      keys = keys.filter((key) => key.id !== params.id);
      return reply(ZSuccessResponse, { success: true });
    },
    ...overrides,
  });
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/settings/api-keys']}>
        <ApiKeysPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  // Toasts outlive their Toaster; a new one would show them again.
  toast.dismiss();
});

const createForm = () => screen.getByRole('region', { name: API_KEY_TEXTS.create });

describe('API keys', () => {
  it('creates a key and shows its secret once, with the copy warning, until Done', async () => {
    const api = stubApi([]);
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText(API_KEY_TEXTS.none)).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: API_KEY_TEXTS.name }), 'Scheduler');
    await user.click(screen.getByRole('checkbox', { name: /^tools:run/ }));
    await user.click(screen.getByRole('checkbox', { name: /^influencers:read/ }));
    expect(screen.getByRole('radio', { name: API_KEY_TEXTS.expiryNever })).toBeChecked();
    await user.click(within(createForm()).getByRole('button', { name: API_KEY_TEXTS.create }));

    const panel = await screen.findByRole('region', {
      name: `${API_KEY_TEXTS.created}: Scheduler`,
    });
    expect(panel).toHaveAccessibleDescription(API_KEY_TEXTS.copyNow);
    expect(within(panel).getByText(API_KEY_TEXTS.copyNow)).toBeVisible();
    const secret = within(panel).getByRole('textbox', { name: API_KEYS_PAGE_TEXTS.secretLabel });
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute('readonly');
    expect(secret).toHaveFocus();
    // Sent as the schema reads it: the scopes in the page's order, no expiry.
    expect(api.callsTo('POST /api/api-keys').map((call) => call.body)).toEqual([
      { name: 'Scheduler', scopes: ['influencers:read', 'tools:run'], expiresAt: null },
    ]);

    await user.click(within(panel).getByRole('button', { name: API_KEY_TEXTS.copy }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(panel).getByRole('button', { name: API_KEY_TEXTS.copied })).toBeVisible();

    // The list has the new key by its first characters only.
    const row = await screen.findByRole('listitem', { name: 'Scheduler' });
    expect(within(row).getByText('muse_sk_4f9a2c…')).toBeVisible();
    expect(within(row).queryByText(SECRET)).toBeNull();

    await user.click(within(panel).getByRole('button', { name: API_KEY_TEXTS.done }));
    expect(screen.queryByRole('region', { name: /Your new key/ })).toBeNull();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.getByRole('heading', { name: API_KEY_TEXTS.create })).toHaveFocus();
    // The form is back, empty, for another key.
    expect(screen.getByRole('textbox', { name: API_KEY_TEXTS.name })).toHaveValue('');
  });

  it('lists each key by its prefix, with its scopes, when it was used and when it expires', async () => {
    stubApi([
      aKey(),
      aKey({
        id: 'key-2',
        name: 'Old sheet',
        prefix: 'muse_sk_77aa01',
        scopes: ['billing:read'],
        lastUsedAt: '2021-01-05T08:30:00.000Z',
        expiresAt: '2021-01-31T23:59:59.999Z',
      }),
    ]);
    renderPage();

    const fresh = await screen.findByRole('listitem', { name: 'Scheduler' });
    expect(within(fresh).getByText('muse_sk_4f9a2c…')).toBeVisible();
    const scopes = within(fresh).getByRole('list', { name: API_KEYS_PAGE_TEXTS.scopesList });
    expect(within(scopes).getByText('influencers:read')).toHaveAttribute(
      'title',
      API_SCOPE_TEXTS['influencers:read'],
    );
    expect(within(scopes).getByText('tools:run')).toBeVisible();
    expect(within(fresh).getByText(API_KEY_TEXTS.neverUsed)).toBeVisible();
    expect(within(fresh).getByText(API_KEY_TEXTS.expiryNever)).toBeVisible();

    const old = screen.getByRole('listitem', { name: 'Old sheet' });
    expect(within(old).getByText('muse_sk_77aa01…')).toBeVisible();
    expect(within(old).getByText('billing:read')).toBeVisible();
    expect(within(old).queryByText(API_KEY_TEXTS.neverUsed)).toBeNull();
    expect(within(old).getByText(API_KEY_TEXTS.expired)).toBeVisible();
    expect(screen.getByText(`2 of 50`)).toBeVisible();
  });

  it('revokes a key once confirmed, and says so', async () => {
    const api = stubApi([aKey()]);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Revoke Scheduler' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke “Scheduler”?' });
    expect(confirm).toHaveAccessibleDescription(API_KEY_TEXTS.revokeConfirm);
    // Cancel keeps it.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE /api/api-keys/:id')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke Scheduler' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: API_KEY_TEXTS.revoke }),
    );
    expect(await screen.findByText(API_KEY_TEXTS.revoked)).toBeVisible();
    expect(api.callsTo('DELETE /api/api-keys/:id').map((call) => call.params.id)).toEqual([
      'key-1',
    ]);
    expect(await screen.findByText(API_KEY_TEXTS.none)).toBeVisible();
    expect(screen.queryByRole('listitem', { name: 'Scheduler' })).toBeNull();
  });

  it('says what is missing under each field, sending nothing', async () => {
    const api = stubApi([]);
    renderPage();
    const user = userEvent.setup();
    await screen.findByText(API_KEY_TEXTS.none);

    await user.click(within(createForm()).getByRole('button', { name: API_KEY_TEXTS.create }));
    const name = screen.getByRole('textbox', { name: API_KEY_TEXTS.name });
    expect(name).toHaveAccessibleDescription(API_KEY_TEXTS.nameRequired);
    expect(name).toHaveFocus();
    const scopes = screen.getByRole('group', { name: API_KEY_TEXTS.scopes });
    expect(scopes).toHaveAccessibleDescription(API_KEY_TEXTS.scopesRequired);
    expect(screen.getByText(API_KEY_TEXTS.scopesRequired)).toBeVisible();

    // A name of spaces is no name; the scope's message goes once one is ticked.
    await user.type(name, '   ');
    await user.click(screen.getByRole('checkbox', { name: /^billing:read/ }));
    expect(screen.queryByText(API_KEY_TEXTS.scopesRequired)).toBeNull();
    await user.click(within(createForm()).getByRole('button', { name: API_KEY_TEXTS.create }));
    expect(name).toHaveAccessibleDescription(API_KEY_TEXTS.nameRequired);
    expect(api.callsTo('POST /api/api-keys')).toEqual([]);
  });

  it('sends the end of the chosen day as the expiry, and asks for a day when none is chosen', async () => {
    const api = stubApi([]);
    renderPage();
    const user = userEvent.setup();
    await screen.findByText(API_KEY_TEXTS.none);
    await user.type(screen.getByRole('textbox', { name: API_KEY_TEXTS.name }), 'Campaign');
    await user.click(screen.getByRole('checkbox', { name: /^publishing:write/ }));
    await user.click(screen.getByRole('radio', { name: API_KEYS_PAGE_TEXTS.expiryOnDate }));

    await user.click(within(createForm()).getByRole('button', { name: API_KEY_TEXTS.create }));
    expect(screen.getByText(API_KEYS_PAGE_TEXTS.expiryDayRequired)).toBeVisible();
    const day = screen.getByLabelText(API_KEYS_PAGE_TEXTS.expiryDay);
    expect(day).toHaveFocus();
    expect(api.callsTo('POST /api/api-keys')).toEqual([]);

    fireEvent.change(day, { target: { value: '2099-12-31' } });
    expect(screen.queryByText(API_KEYS_PAGE_TEXTS.expiryDayRequired)).toBeNull();
    await user.click(within(createForm()).getByRole('button', { name: API_KEY_TEXTS.create }));

    await screen.findByRole('region', { name: `${API_KEY_TEXTS.created}: Campaign` });
    const sent = api.callsTo('POST /api/api-keys')[0]!.body as TCreateApiKeyRequest;
    expect(sent.expiresAt).toBe(new Date(2099, 11, 31, 23, 59, 59, 999).toISOString());
  });

  it("shows the server's refusal above the form and keeps what was typed", async () => {
    stubApi([], {
      'POST /api/api-keys': () =>
        refuse(409, { error: API_KEY_TEXTS.tooMany, code: 'API_KEY_LIMIT' }),
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByText(API_KEY_TEXTS.none);
    await user.type(screen.getByRole('textbox', { name: API_KEY_TEXTS.name }), 'One too many');
    await user.click(screen.getByRole('checkbox', { name: /^tools:run/ }));
    await user.click(within(createForm()).getByRole('button', { name: API_KEY_TEXTS.create }));

    expect(await screen.findByRole('alert')).toHaveTextContent(API_KEY_TEXTS.tooMany);
    expect(screen.getByRole('textbox', { name: API_KEY_TEXTS.name })).toHaveValue('One too many');
    expect(screen.queryByRole('region', { name: /Your new key/ })).toBeNull();
  });
});
