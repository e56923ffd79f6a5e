import {
  GENERIC_ERRORS,
  PRODUCT_TEXTS,
  UPGRADE_MODAL_TITLES,
  upgradeModalMessage,
  VIDEO_TEXTS,
  ZProductResponse,
  ZProductsResponse,
  ZSuccessResponse,
  type TProduct,
} from '@muse/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../../components/ui/toaster';
import { fakeApi, refuse, reply, type TFakeHandler, type TFakeRoute } from '../../testing/fake-api';
import { ProductsPage } from './products-page';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ user: { id: 'user-1' } }) }));

const SHIRT_ID = '6f1c2f0e-4a43-4c47-9a53-0c0f8a4f8a11';

function product(overrides: Partial<TProduct> = {}): TProduct {
  return {
    id: SHIRT_ID,
    name: 'Linen shirt',
    description: 'A summer shirt',
    link: 'https://shop.example.com/shirt',
    images: [
      { id: 'image-1', url: '/api/files/shirt.webp?s=1', thumbnail: '/api/files/t.webp?s=1' },
    ],
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

/** The account's products in memory: the list answers what the writes left. */
function stubApi(
  start: { products: TProduct[]; limit: number },
  overrides: Partial<Record<TFakeRoute, TFakeHandler>> = {},
) {
  let products = start.products;
  return fakeApi({
    'GET /api/products': () =>
      reply(ZProductsResponse, {
        success: true,
        products,
        used: products.length,
        limit: start.limit,
      }),
    'POST /api/products': ({ body }) => {
      const form = body as FormData;
      const created = product({
        id: 'new-product',
        name: String(form.get('name')),
        description: String(form.get('description')),
        link: String(form.get('link')),
        images: [],
      });
      products = [created, ...products];
      return reply(ZProductResponse, { success: true, product: created }, 201);
    },
    'PUT /api/products/:id': ({ params, body }) => {
      const form = body as FormData;
      const updated = product({ id: params.id, name: String(form.get('name')) });
      products = products.map((p) => (p.id === params.id ? updated : p));
      return reply(ZProductResponse, { success: true, product: updated });
    },
    'DELETE /api/products/:id': ({ params }) => {
      products = products.filter((p) => p.id !== params.id);
      return reply(ZSuccessResponse, { success: true, message: PRODUCT_TEXTS.deleted });
    },
    ...overrides,
  });
}

/** The product shot dialog the app hands in; here it only says which product it shoots. */
function ShotDialog({ product }: { product: TProduct | null }) {
  return product ? <p>Shots of {product.name}</p> : null;
}

function renderPage({ shotsNeedUpgrade = false } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ProductsPage shotDialog={ShotDialog} shotsNeedUpgrade={shotsNeedUpgrade} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  // Toasts outlive their Toaster; a new one would show them again.
  toast.dismiss();
});

/** Opens the add form and sends it with a name alone; returns the form. */
async function addNamed(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: PRODUCT_TEXTS.addNew }));
  const form = await screen.findByRole('dialog', { name: PRODUCT_TEXTS.addNew });
  await user.type(within(form).getByRole('textbox', { name: 'Name' }), name);
  await user.click(within(form).getByRole('button', { name: 'Add Product' }));
  return form;
}

describe('Products', () => {
  it('on a FREE plan shows 0/0 and opens the product limit modal instead of the form', async () => {
    stubApi({ products: [], limit: 0 });
    renderPage();
    expect(await screen.findByRole('heading', { name: PRODUCT_TEXTS.empty })).toBeVisible();
    expect(screen.getByText('0/0 Products')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: PRODUCT_TEXTS.addFirst }));
    const modal = await screen.findByRole('dialog', { name: UPGRADE_MODAL_TITLES.product });
    expect(within(modal).getByText(upgradeModalMessage('product'))).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });

  it('adds a product, showing what is wrong under each field first', async () => {
    const api = stubApi({ products: [], limit: 5 });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: PRODUCT_TEXTS.addNew }));
    const form = await screen.findByRole('dialog', { name: PRODUCT_TEXTS.addNew });

    await user.type(within(form).getByRole('textbox', { name: 'Link' }), 'shop.example.com');
    await user.click(within(form).getByRole('button', { name: 'Add Product' }));
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      PRODUCT_TEXTS.nameRequired,
    );
    expect(within(form).getByRole('textbox', { name: 'Link' })).toHaveAccessibleDescription(
      PRODUCT_TEXTS.linkInvalid,
    );
    expect(api.callsTo('POST /api/products')).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Straw hat');
    const link = within(form).getByRole('textbox', { name: 'Link' });
    await user.clear(link);
    await user.type(link, 'https://shop.example.com/hat');
    await user.click(within(form).getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText(PRODUCT_TEXTS.created)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = api.callsTo('POST /api/products')[0]!.body as FormData;
    expect(sent.get('name')).toBe('Straw hat');
    expect(sent.get('link')).toBe('https://shop.example.com/hat');
    expect(await screen.findByRole('heading', { name: 'Straw hat' })).toBeVisible();
    expect(screen.getByText('1/5 Products')).toBeVisible();
  });

  it('edits a product from its card, the form holding what it has', async () => {
    const api = stubApi({ products: [product()], limit: 5 });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Linen shirt' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Product' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Linen shirt');
    expect(within(form).getByRole('textbox', { name: 'Link' })).toHaveValue(
      'https://shop.example.com/shirt',
    );

    await user.clear(name);
    await user.type(name, 'Linen shirt, white');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(PRODUCT_TEXTS.updated)).toBeVisible();
    const sent = api.callsTo('PUT /api/products/:id')[0]!;
    expect(sent.params.id).toBe(SHIRT_ID);
    expect((sent.body as FormData).getAll('keepImageIds')).toEqual(['image-1']);
    expect(await screen.findByRole('heading', { name: 'Linen shirt, white' })).toBeVisible();
  });

  it('deletes a product once confirmed', async () => {
    const api = stubApi({ products: [product()], limit: 5 });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Linen shirt' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Product' });
    expect(within(confirm).getByText(PRODUCT_TEXTS.confirmDelete)).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(PRODUCT_TEXTS.deleted)).toBeVisible();
    expect(api.callsTo('DELETE /api/products/:id')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: PRODUCT_TEXTS.empty })).toBeVisible();
  });

  it('hands over to the limit modal when the server finds no free slot', async () => {
    stubApi(
      { products: [], limit: 5 },
      {
        'POST /api/products': () =>
          refuse(403, { error: PRODUCT_TEXTS.noSlot, code: 'PRODUCT_LIMIT' }),
      },
    );
    renderPage();
    await addNamed(userEvent.setup(), 'Straw hat');

    expect(await screen.findByRole('dialog', { name: UPGRADE_MODAL_TITLES.product })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: PRODUCT_TEXTS.addNew })).not.toBeInTheDocument();
  });

  it("keeps the form open with the server's text when adding fails", async () => {
    stubApi(
      { products: [], limit: 5 },
      {
        'POST /api/products': () =>
          refuse(503, { error: GENERIC_ERRORS.storageUnavailable, code: 'STORAGE_UNAVAILABLE' }),
      },
    );
    renderPage();
    const form = await addNamed(userEvent.setup(), 'Straw hat');

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      GENERIC_ERRORS.storageUnavailable,
    );
    expect(screen.getByText(PRODUCT_TEXTS.createFailed)).toBeVisible();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Straw hat');
  });

  it('opens product shots for a product with a photo', async () => {
    stubApi({ products: [product()], limit: 5 });
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Generate product shot of Linen shirt' }),
    );
    expect(screen.getByText('Shots of Linen shirt')).toBeVisible();
  });

  it('opens the upgrade modal for product shots on a plan without them', async () => {
    stubApi({ products: [product()], limit: 5 });
    renderPage({ shotsNeedUpgrade: true });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Generate product shot of Linen shirt' }),
    );
    expect(await screen.findByRole('dialog', { name: VIDEO_TEXTS.upgradeRequired })).toBeVisible();
    expect(screen.queryByText('Shots of Linen shirt')).not.toBeInTheDocument();
  });
});
