import {
  WEBHOOK_EVENT_TEXTS,
  WEBHOOK_TEXTS,
  ZCreateWebhookEndpointResponse,
  ZSuccessResponse,
  ZWebhookDeliveriesResponse,
  ZWebhookEndpointsResponse,
  type TCreateWebhookEndpointRequest,
  type TWebhookDelivery,
  type TWebhookEndpoint,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../components/ui/toaster';
import { fakeApi, refuse, reply, type TFakeHandler, type TFakeRoute } from '../../testing/fake-api';
import { WebhooksPage } from './webhooks-page';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const URL_A = 'https://hooks.example.com/muse/a-rather-long-path/that-goes-on-and-on?token=abc123';

function anEndpoint(overrides: Partial<TWebhookEndpoint> = {}): TWebhookEndpoint {
  return {
    id: 'endpoint-1',
    url: URL_A,
    events: ['job.succeeded', 'job.failed'],
    createdAt: '2026-06-04T10:00:00.000Z',
    disabledAt: null,
    ...overrides,
  };
}

function aDelivery(overrides: Partial<TWebhookDelivery> = {}): TWebhookDelivery {
  return {
    id: 'delivery-1',
    type: 'job.succeeded',
    status: 'succeeded',
    attempts: 1,
    lastStatusCode: 200,
    lastResponse: 'ok',
    nextAttemptAt: null,
    createdAt: '2026-06-04T10:05:00.000Z',
    deliveredAt: '2026-06-04T10:05:01.000Z',
    ...overrides,
  };
}

/** The account's endpoints in memory: the list answers what the writes left. */
function stubApi(
  start: { endpoints: TWebhookEndpoint[]; deliveries?: TWebhookDelivery[] },
  overrides: Partial<Record<TFakeRoute, TFakeHandler>> = {},
) {
  let endpoints = start.endpoints;
  return fakeApi({
    'GET /api/v1/webhook-endpoints': () =>
      reply(ZWebhookEndpointsResponse, { success: true, endpoints }),
    'POST /api/v1/webhook-endpoints': ({ body }) => {
      const request = body as TCreateWebhookEndpointRequest;
      const endpoint = anEndpoint({ id: 'endpoint-new', url: request.url, events: request.events });
      endpoints = [endpoint, ...endpoints];
      return reply(
        ZCreateWebhookEndpointResponse,
        { success: true, secret: SECRET, endpoint },
        201,
      );
    },
    'DELETE /api/v1/webhook-endpoints/:id': ({ params }) => {
      endpoints = endpoints.filter((endpoint) => endpoint.id !== params.id);
      return reply(ZSuccessResponse, { success: true });
    },
    'GET /api/v1/webhook-endpoints/:id/deliveries': () =>
      reply(ZWebhookDeliveriesResponse, { success: true, deliveries: start.deliveries ?? [] }),
    'POST /api/v1/webhook-endpoints/:id/deliveries/:deliveryId/resend': () =>
      reply(ZSuccessResponse, { success: true }),
    ...overrides,
  });
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/settings/webhooks']}>
        <WebhooksPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  // Toasts outlive their Toaster; a new one would show them again.
  toast.dismiss();
});

const addForm = () => screen.getByRole('region', { name: WEBHOOK_TEXTS.add });

describe('Webhooks', () => {
  it('adds an endpoint and shows its signing secret once, until Done', async () => {
    const api = stubApi({ endpoints: [] });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText(WEBHOOK_TEXTS.none)).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: WEBHOOK_TEXTS.url }), URL_A);
    const persona = screen.getByRole('checkbox', { name: /^persona\.trained/ });
    expect(persona).toHaveAccessibleName(
      `persona.trained ${WEBHOOK_EVENT_TEXTS['persona.trained']}`,
    );
    await user.click(persona);
    await user.click(screen.getByRole('checkbox', { name: /^post\.sold/ }));
    await user.click(within(addForm()).getByRole('button', { name: WEBHOOK_TEXTS.add }));

    const panel = await screen.findByRole('region', { name: WEBHOOK_TEXTS.secret });
    expect(panel).toHaveAccessibleDescription(
      expect.stringContaining('it will not be shown again'),
    );
    expect(within(panel).getByRole('textbox', { name: WEBHOOK_TEXTS.secret })).toHaveValue(SECRET);
    expect(api.callsTo('POST /api/v1/webhook-endpoints').map((call) => call.body)).toEqual([
      { url: URL_A, events: ['persona.trained', 'post.sold'] },
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    // The list has the new endpoint, without its secret.
    const card = await screen.findByRole('listitem', { name: URL_A });
    expect(within(card).getByText('persona.trained')).toBeVisible();
    expect(within(card).queryByText(SECRET)).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(screen.queryByRole('region', { name: WEBHOOK_TEXTS.secret })).toBeNull();
    expect(screen.getByRole('textbox', { name: WEBHOOK_TEXTS.url })).toHaveValue('');
  });

  it('says what is wrong under each field, sending nothing', async () => {
    const api = stubApi({ endpoints: [] });
    renderPage();
    const user = userEvent.setup();
    await screen.findByText(WEBHOOK_TEXTS.none);

    const url = screen.getByRole('textbox', { name: WEBHOOK_TEXTS.url });
    await user.type(url, 'hooks.example.com');
    await user.click(within(addForm()).getByRole('button', { name: WEBHOOK_TEXTS.add }));
    expect(url).toHaveAccessibleDescription(WEBHOOK_TEXTS.urlInvalid);
    expect(url).toHaveFocus();
    expect(screen.getByRole('group', { name: WEBHOOK_TEXTS.events })).toHaveAccessibleDescription(
      WEBHOOK_TEXTS.eventsRequired,
    );
    expect(api.callsTo('POST /api/v1/webhook-endpoints')).toEqual([]);
  });

  it("shows the server's refusal of the address under the URL field", async () => {
    stubApi(
      { endpoints: [] },
      {
        'POST /api/v1/webhook-endpoints': () =>
          refuse(400, { error: WEBHOOK_TEXTS.urlPrivate, code: 'WEBHOOK_URL_NOT_ALLOWED' }),
      },
    );
    renderPage();
    const user = userEvent.setup();
    await screen.findByText(WEBHOOK_TEXTS.none);
    const url = screen.getByRole('textbox', { name: WEBHOOK_TEXTS.url });
    await user.type(url, 'https://192.168.1.10/hook');
    await user.click(screen.getByRole('checkbox', { name: /^job\.failed/ }));
    await user.click(within(addForm()).getByRole('button', { name: WEBHOOK_TEXTS.add }));

    await waitFor(() => expect(url).toHaveAccessibleDescription(WEBHOOK_TEXTS.urlPrivate));
    expect(screen.queryByRole('region', { name: WEBHOOK_TEXTS.secret })).toBeNull();
  });

  it('lists an endpoint, notes it is turned off, and shows its deliveries with Send again', async () => {
    const api = stubApi({
      endpoints: [anEndpoint({ disabledAt: '2026-06-20T10:00:00.000Z' })],
      deliveries: [
        aDelivery(),
        aDelivery({
          id: 'delivery-2',
          type: 'job.failed',
          status: 'failed',
          attempts: 8,
          lastStatusCode: 500,
          lastResponse: 'Internal Server Error',
          deliveredAt: null,
        }),
        aDelivery({
          id: 'delivery-3',
          type: 'job.failed',
          status: 'pending',
          attempts: 2,
          lastStatusCode: null,
          lastResponse: 'connect ECONNREFUSED',
          nextAttemptAt: '2026-06-04T11:00:00.000Z',
          deliveredAt: null,
        }),
      ],
    });
    renderPage();
    const user = userEvent.setup();

    const card = await screen.findByRole('listitem', { name: URL_A });
    expect(within(card).getByText('job.succeeded')).toHaveAttribute(
      'title',
      WEBHOOK_EVENT_TEXTS['job.succeeded'],
    );
    expect(within(card).getByText(WEBHOOK_TEXTS.disabled, { exact: false })).toBeVisible();
    // Nothing is read until the list is opened.
    expect(api.callsTo('GET /api/v1/webhook-endpoints/:id/deliveries')).toEqual([]);

    const toggle = within(card).getByRole('button', { name: WEBHOOK_TEXTS.deliveries });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const rows = await within(card).findAllByRole('listitem', { name: /^job\./ });
    expect(rows).toHaveLength(3);
    const [succeeded, failed, pending] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(succeeded).getByText('Succeeded')).toBeVisible();
    expect(within(succeeded).getByText('HTTP 200')).toBeVisible();
    expect(within(succeeded).getByText(/1 attempt\b/)).toBeVisible();
    expect(within(failed).getByText('Failed')).toBeVisible();
    expect(within(failed).getByText('HTTP 500')).toBeVisible();
    expect(within(failed).getByText(/8 attempts/)).toBeVisible();
    expect(within(pending).getByText('Pending')).toBeVisible();
    // No HTTP status: why it could not be reached.
    expect(within(pending).getByText('connect ECONNREFUSED')).toBeVisible();

    await user.click(within(failed).getByRole('button', { name: /^Send again job\.failed/ }));
    expect(await screen.findByText(WEBHOOK_TEXTS.resent)).toBeVisible();
    expect(
      api
        .callsTo('POST /api/v1/webhook-endpoints/:id/deliveries/:deliveryId/resend')
        .map((call) => call.params),
    ).toEqual([{ id: 'endpoint-1', deliveryId: 'delivery-2' }]);
    // The list is read again, to show the new attempt.
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/webhook-endpoints/:id/deliveries')).toHaveLength(2),
    );
  });

  it('says when an endpoint has sent nothing yet', async () => {
    stubApi({ endpoints: [anEndpoint()], deliveries: [] });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('listitem', { name: URL_A });
    await user.click(within(card).getByRole('button', { name: WEBHOOK_TEXTS.deliveries }));
    expect(await within(card).findByText(WEBHOOK_TEXTS.noDeliveries)).toBeVisible();
  });

  it('removes an endpoint once confirmed', async () => {
    const api = stubApi({ endpoints: [anEndpoint()] });
    renderPage();
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', { name: `${WEBHOOK_TEXTS.remove} ${URL_A}` }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Remove this endpoint?' });
    expect(within(confirm).getByText(URL_A)).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: WEBHOOK_TEXTS.remove }));

    expect(await screen.findByText(WEBHOOK_TEXTS.removed)).toBeVisible();
    expect(
      api.callsTo('DELETE /api/v1/webhook-endpoints/:id').map((call) => call.params.id),
    ).toEqual(['endpoint-1']);
    expect(await screen.findByText(WEBHOOK_TEXTS.none)).toBeVisible();
  });
});
