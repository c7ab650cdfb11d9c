import type { ReactNode } from 'react';
import * as XLSX from 'xlsx';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext, memoryStore } from 'react-admin';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { authProvider } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18n/i18nProvider';
import { GlobalDialogs, TopCenterNotification } from '../../framework/GlobalDialogs';
import { UnsavedChangesProvider } from '../../framework/unsavedChanges';
import { QueryClient } from '@tanstack/react-query';
import { testQueryClient } from '../../testing/render';
import { enter } from '../../testing/enter';
import { STALE_TIME_MS } from '../../framework/queryClient';
import { fail, goTo, json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import { MSG } from '../../domain/messages';
import { PRODUCT_MSG } from '../../domain/product';
import ProductList from './ProductList';
import { ProductCreate, ProductEdit } from './ProductPages';
import ProductShow from './ProductShow';
import type { Product } from './api';

setupMsw();

const PRODUCTS = '/api/v1/admin/partners-product';
const UPLOAD = '/api/v1/file/upload';
const BRANDS = '/api/v1/admin/brand/list';

function product(i: number, over: Partial<Product> = {}): Product {
  return {
    id: i,
    idx: i,
    brandIdx: 1,
    brandName: '데모브랜드',
    name: `상품${i}`,
    code: `M-${i}`,
    barcode: `880${i}`,
    modelNum: null,
    price: 1000 * i,
    paymentAmount: null,
    warranty: null,
    categoryCode: 1,
    categoryName: '가방',
    material: null,
    size: null,
    weight: null,
    productImage: null,
    createdAt: '2026-11-01T03:00:00.000Z',
    updatedAt: '2026-11-01T03:00:00.000Z',
    ...over,
  };
}

/** The pages under a browser-history data router at `url`, with the routes of the product resource. */
function renderProductPages(url: string, element: ReactNode, queryClient = testQueryClient()) {
  goTo(url);
  const user = userEvent.setup();
  const wrap = (el: ReactNode) => <UnsavedChangesProvider>{el}</UnsavedChangesProvider>;
  const routes: RouteObject[] = [
    {
      path: '*',
      element: (
        <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient} store={memoryStore()}>
          <GlobalDialogs />
          <TopCenterNotification />
          {element}
        </AdminContext>
      ),
    },
  ];
  const router = createBrowserRouter(routes);
  const result = render(<RouterProvider router={router} />);
  return { user, router, wrap, ...result };
}

/** Renders one product page by path, with stand-ins for the others so navigation can be seen. */
async function renderAt(url: string, pages: { list?: ReactNode; create?: ReactNode; edit?: ReactNode; show?: ReactNode }, queryClient?: QueryClient) {
  const { Routes, Route } = await import('react-router-dom');
  return renderProductPages(
    url,
    <UnsavedChangesProvider>
      <Routes>
        <Route path="/b2b/product" element={pages.list ?? <p>목록 화면</p>} />
        <Route path="/b2b/product/register" element={pages.create ?? <p>등록 화면</p>} />
        <Route path="/b2b/product/edit/:id" element={pages.edit ?? <p>수정 화면</p>} />
        <Route path="/b2b/product/:id" element={pages.show ?? <p>상세 화면</p>} />
      </Routes>
    </UnsavedChangesProvider>,
    queryClient,
  );
}

function listApi(all: Product[], seen: URL[] = []) {
  server.use(
    http.get(PRODUCTS, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('pageSize') ?? 25);
      return json({ list: all.slice((page - 1) * size, page * size), total: all.length });
    }),
  );
  return seen;
}

describe('ProductList', () => {
  it('shows the rows, the total and won prices; a row opens the detail', async () => {
    signIn(brandAccount());
    listApi([product(1, { price: 1234000 }), product(2)]);
    const { user } = await renderAt('/b2b/product', { list: <ProductList /> });
    expect(await screen.findByText('상품1')).toBeInTheDocument();
    expect(screen.getByText('총 2건')).toBeInTheDocument();
    expect(screen.getByText('1,234,000원')).toBeInTheDocument();
    expect(screen.getByText('M-2')).toBeInTheDocument();
    expect(screen.getAllByText('가방').length).toBeGreaterThan(0);
    expect(screen.getAllByText('2026-11-01').length).toBe(2);
    // Brand accounts have no brand column; cooperators do (below).
    expect(within(screen.getByRole('table', { name: '상품 목록' })).queryByText('브랜드')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '상품1' }));
    expect(await screen.findByText('상세 화면')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/b2b/product/1');
  });

  it('refreshes the list when it is shown again (e.g. after an Excel upload)', async () => {
    signIn(brandAccount());
    const all = [product(1)];
    const seen = listApi(all);
    // The app's 5-minute stale time: without the refresh on mount the cached page would stay.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: STALE_TIME_MS } } });
    const { router } = await renderAt('/b2b/product', { list: <ProductList /> }, client);
    await screen.findByText('상품1');
    await router.navigate('/b2b/product/register');
    await screen.findByText('등록 화면');
    all.unshift(product(2));
    await router.navigate('/b2b/product');
    expect(await screen.findByText('상품2')).toBeInTheDocument();
    expect(screen.getByText('총 2건')).toBeInTheDocument();
    expect(seen).toHaveLength(2);
  });

  it('gives cooperators the brand column and filter, sent as brandIdx', async () => {
    signIn(brandAccount({ b2bType: 'cooperator' }));
    server.use(http.get(BRANDS, () => json({ list: [{ idx: 11, name: '브랜드A', englishName: 'A' }, { idx: 12, name: '브랜드B', englishName: 'B' }] })));
    const seen = listApi([product(1, { brandIdx: 11, brandName: '브랜드A' })]);
    const { user } = await renderAt('/b2b/product', { list: <ProductList /> });
    await screen.findByText('상품1');
    expect(within(screen.getByRole('table', { name: '상품 목록' })).getByText('브랜드A')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('option', { name: '브랜드B' })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: /브랜드/ }), '브랜드B');
    await user.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('brandIdx')).toBe('12'));
  });

  it('asks before deleting the selected products, then sends productIdxList in one request', async () => {
    signIn(brandAccount());
    let all = [product(1), product(2), product(3)];
    listApi(all);
    const bodies: unknown[] = [];
    server.use(
      http.get(PRODUCTS, ({ request }) => {
        void request;
        return json({ list: all, total: all.length });
      }),
      http.delete(`${PRODUCTS}/bulk`, async ({ request }) => {
        const body = (await request.json()) as { productIdxList: number[] };
        bodies.push(body);
        all = all.filter((p) => !body.productIdxList.includes(p.idx));
        return json({ productIdxList: body.productIdxList });
      }),
    );
    const { user } = await renderAt('/b2b/product', { list: <ProductList /> });
    await screen.findByText('상품1');
    const boxes = within(screen.getByRole('table', { name: '상품 목록' })).getAllByRole('checkbox');
    await user.click(boxes[1]!);
    await user.click(boxes[3]!);
    await user.click(screen.getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('선택한 2개 상품을 삭제할까요?');
    expect(bodies).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: /삭제/ }));
    expect(await screen.findByText('상품을 삭제했어요')).toBeInTheDocument();
    expect(bodies).toEqual([{ productIdxList: [1, 3] }]);
    await waitFor(() => expect(screen.queryByText('상품1')).not.toBeInTheDocument());
    expect(screen.getByText('총 1건')).toBeInTheDocument();
  });

  it('exports every product of the search in pages of 1,000 into one workbook', async () => {
    signIn(brandAccount());
    const all = Array.from({ length: 2500 }, (_, i) => product(i + 1));
    const seen = listApi(all);
    const books: { wb: XLSX.WorkBook; name: string }[] = [];
    const { user } = await renderAt('/b2b/product?categoryCode=1', { list: <ProductList write={(wb, name) => void books.push({ wb, name })} /> });
    await screen.findByText('총 2,500건');
    await user.click(screen.getByRole('button', { name: '엑셀 내려받기' }));
    await waitFor(() => expect(books).toHaveLength(1));
    const exportCalls = seen.filter((u) => u.searchParams.get('pageSize') === '1000');
    expect(exportCalls.map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(exportCalls.every((u) => u.searchParams.get('categoryCode') === '1')).toBe(true);
    const sheet = books[0]!.wb.Sheets[books[0]!.wb.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1 });
    expect(rows[0]).toEqual(expect.arrayContaining(['상품명', '모델번호', '바코드', '카테고리', '가격', '등록일']));
    expect(rows).toHaveLength(2501);
    expect(rows[2500]).toEqual(expect.arrayContaining(['상품2500', 'M-2500', 2500000]));
    expect(books[0]!.name).toMatch(/\.xlsx$/);
    expect(await screen.findByText('엑셀 파일을 내려받았어요')).toBeInTheDocument();
  }, 20_000);
});

describe('ProductCreate', () => {
  function createApi() {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(PRODUCTS, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return json(product(77, body as Partial<Product>), { status: 201 });
      }),
    );
    return bodies;
  }

  it('sends the price typed with commas as a number, preselects a brand account’s brand, then opens the detail with a toast', async () => {
    signIn(brandAccount());
    server.use(http.get(BRANDS, () => json({ list: [{ idx: 1, name: '데모브랜드', englishName: 'Demo' }] })));
    const bodies = createApi();
    const { user } = await renderAt('/b2b/product/register', { create: <ProductCreate /> });
    const name = await screen.findByLabelText(/상품명/);
    expect(await screen.findByRole('combobox', { name: /브랜드/ })).toHaveTextContent('데모브랜드');
    await enter(user, name, '토트백');
    const price = screen.getByLabelText('가격');
    await user.type(price, '1234000');
    expect(price).toHaveValue('1,234,000');
    expect(price).toHaveAttribute('maxLength', '11');
    await user.click(screen.getByRole('combobox', { name: /카테고리/ }));
    await user.click(await screen.findByRole('option', { name: '지갑' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual(expect.objectContaining({ name: '토트백', price: 1234000, brandIdx: 1, categoryCode: 2, productImage: null }));
    expect(await screen.findByText('상세 화면')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/b2b/product/77');
    expect(await screen.findByText('상품을 등록했어요')).toBeInTheDocument();
  });

  it('refuses a price over 100,000,000 and a warranty over 2,000 characters with the rule messages', async () => {
    signIn(brandAccount());
    server.use(http.get(BRANDS, () => json({ list: [] })));
    const bodies = createApi();
    const { user } = await renderAt('/b2b/product/register', { create: <ProductCreate /> });
    await enter(user, await screen.findByLabelText(/상품명/), '시계');
    await enter(user, screen.getByLabelText('가격'), '100000001');
    expect(screen.getByLabelText('가격')).toHaveValue('100,000,001');
    fireEvent.change(screen.getByLabelText('보증 내용'), { target: { value: '가'.repeat(2001) } });
    expect(screen.getByText('2,001 / 2,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(PRODUCT_MSG.priceMax)).toBeInTheDocument();
    expect(screen.getByText(PRODUCT_MSG.warrantyMax)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('requires a brand from a cooperator, then sends the chosen one; server field errors land on the fields', async () => {
    signIn(brandAccount({ b2bType: 'cooperator' }));
    server.use(http.get(BRANDS, () => json({ list: [{ idx: 11, name: '브랜드A', englishName: 'A' }] })));
    let first = true;
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(PRODUCTS, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        if (first) {
          first = false;
          return fail(400, { code: 'VALIDATION_FAILED', message: '입력값을 확인해 주세요', errors: { barcode: '이미 있는 바코드예요' } });
        }
        return json(product(78), { status: 201 });
      }),
    );
    const { user } = await renderAt('/b2b/product/register', { create: <ProductCreate /> });
    await enter(user, await screen.findByLabelText(/상품명/), '지갑');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(PRODUCT_MSG.brandRequired)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: /브랜드/ }));
    await user.click(await screen.findByRole('option', { name: '브랜드A' }));
    await enter(user, screen.getByLabelText('바코드'), '8801');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('이미 있는 바코드예요')).toBeInTheDocument();
    expect(bodies[0]).toEqual(expect.objectContaining({ brandIdx: 11, barcode: '8801' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('상세 화면')).toBeInTheDocument();
  });

  it('uploads one image, previews it and sends its path; a second image is refused', async () => {
    signIn(brandAccount());
    server.use(http.get(BRANDS, () => json({ list: [] })));
    const bodies = createApi();
    const uploads: string[] = [];
    server.use(
      http.post(UPLOAD, async ({ request }) => {
        const file = (await request.formData()).get('file') as File;
        uploads.push(file.type || file.name);
        return json({ path: 'uploads/1/abc.png', url: '/api/media/uploads/1/abc.png', signedUrl: 'x' });
      }),
    );
    const { user } = await renderAt('/b2b/product/register', { create: <ProductCreate /> });
    await enter(user, await screen.findByLabelText(/상품명/), '가방');
    const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
    // Two at once: refused, nothing uploaded.
    fireEvent.change(screen.getByTestId('product-image-input'), { target: { files: [png(), png()] } });
    expect(await screen.findByText(PRODUCT_MSG.imageMax(1))).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
    fireEvent.change(screen.getByTestId('product-image-input'), { target: { files: [png()] } });
    expect(await screen.findByRole('img', { name: '상품 이미지' })).toHaveAttribute('src', '/api/media/uploads/1/abc.png');
    expect(uploads).toHaveLength(1);
    // A second one while one is there: refused.
    fireEvent.change(screen.getByTestId('product-image-input'), { target: { files: [png()] } });
    expect(await screen.findByText(PRODUCT_MSG.imageMax(1))).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual(expect.objectContaining({ productImage: 'uploads/1/abc.png' }));
  });

  it('asks before leaving with unsaved changes', async () => {
    signIn(brandAccount());
    server.use(http.get(BRANDS, () => json({ list: [] })));
    const { user } = await renderAt('/b2b/product/register', { create: <ProductCreate /> });
    await enter(user, await screen.findByLabelText(/상품명/), '반지갑');
    await user.click(screen.getByText('취소'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MSG.unsavedChanges);
    await user.click(within(dialog).getByRole('button', { name: '아니요' }));
    expect(window.location.pathname).toBe('/b2b/product/register');
    expect(screen.getByLabelText(/상품명/)).toHaveValue('반지갑');
    await user.click(screen.getByText('취소'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '예' }));
    expect(await screen.findByText('목록 화면')).toBeInTheDocument();
  });

  it('shows the upload error dialog with a close button when the upload fails', async () => {
    signIn(brandAccount());
    server.use(
      http.get(BRANDS, () => json({ list: [] })),
      http.post(UPLOAD, () => fail(400, { code: 'VALIDATION_FAILED', message: MSG.imageUploadError })),
    );
    const { user } = await renderAt('/b2b/product/register', { create: <ProductCreate /> });
    await screen.findByLabelText(/상품명/);
    // Refused by the server (e.g. bytes that are not an image)...
    fireEvent.change(screen.getByTestId('product-image-input'), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MSG.imageUploadError);
    await user.click(within(dialog).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // ...or before sending: not an image extension.
    fireEvent.change(screen.getByTestId('product-image-input'), { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MSG.imageUploadError);
    await user.click(within(dialog).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('img', { name: '상품 이미지' })).not.toBeInTheDocument();
  });
});

describe('ProductEdit', () => {
  it('loads the product, removes its saved image with DELETE …/image (then reads it again) and saves a new price', async () => {
    signIn(brandAccount());
    const saved = product(5, { price: 5000, productImage: { path: 'uploads/1/old.png', url: '/api/media/uploads/1/old.png' } });
    const calls: string[] = [];
    const patches: Record<string, unknown>[] = [];
    server.use(
      http.get(BRANDS, () => json({ list: [{ idx: 1, name: '데모브랜드' }] })),
      http.get(`${PRODUCTS}/5`, () => {
        calls.push('read');
        return json(calls.includes('delete-image') ? { ...saved, productImage: null } : saved);
      }),
      http.delete(`${PRODUCTS}/5/image`, () => {
        calls.push('delete-image');
        return json({ ...saved, productImage: null });
      }),
      http.patch(`${PRODUCTS}/5`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        patches.push(body);
        return json({ ...saved, ...body, productImage: null });
      }),
    );
    const { user } = await renderAt('/b2b/product/edit/5', { edit: <ProductEdit /> });
    const price = await screen.findByLabelText('가격');
    expect(price).toHaveValue('5,000');
    expect(screen.getByRole('img', { name: '상품 이미지' })).toHaveAttribute('src', '/api/media/uploads/1/old.png');
    await user.click(screen.getByRole('button', { name: '이미지 삭제' }));
    // The page reads the product again, so the detail opened next has no image.
    await waitFor(() => expect(calls).toEqual(['read', 'delete-image', 'read']));
    expect(screen.queryByRole('img', { name: '상품 이미지' })).not.toBeInTheDocument();
    await user.clear(price);
    await enter(user, price, '7500');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual(expect.objectContaining({ price: 7500, productImage: null, name: '상품5' }));
    expect(await screen.findByText('상세 화면')).toBeInTheDocument();
    expect(await screen.findByText('상품을 저장했어요')).toBeInTheDocument();
  });

  it('after saving, the detail shows the saved values at once (react-admin put the answer under its getOne key)', async () => {
    signIn(brandAccount());
    const before = product(6, { price: 5000 });
    let patched = false;
    server.use(
      http.get(BRANDS, () => json({ list: [{ idx: 1, name: '데모브랜드' }] })),
      // Once saved, reads never answer: what the detail shows can only come from the cache.
      http.get(`${PRODUCTS}/6`, () => (patched ? new Promise<never>(() => undefined) : json(before))),
      http.patch(`${PRODUCTS}/6`, async ({ request }) => {
        patched = true;
        return json({ ...before, ...((await request.json()) as Record<string, unknown>) });
      }),
    );
    const { user } = await renderAt('/b2b/product/edit/6', { edit: <ProductEdit />, show: <ProductShow /> });
    const price = await screen.findByLabelText('가격');
    await user.clear(price);
    await enter(user, price, '7500');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('heading', { name: '상품6' })).toBeInTheDocument();
    expect(screen.getByText('7,500원')).toBeInTheDocument();
    expect(screen.queryByText('5,000원')).not.toBeInTheDocument();
  });

  it('opens the not-found dialog for a missing product', async () => {
    signIn(brandAccount());
    server.use(http.get(`${PRODUCTS}/404`, () => fail(404, { code: 'NOT_FOUND', message: PRODUCT_MSG.notFound })));
    const { user } = await renderAt('/b2b/product/edit/404', { edit: <ProductEdit /> });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(PRODUCT_MSG.notFound);
    await user.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await screen.findByText('목록 화면')).toBeInTheDocument();
  });
});

describe('ProductShow', () => {
  it('shows every field formatted, and deletes after confirmation', async () => {
    signIn(brandAccount());
    const p = product(9, { price: 1234000, warranty: '1년 무상 보증', material: '가죽', productImage: { path: 'p', url: '/api/media/p.png' } });
    let deleted = false;
    server.use(
      http.get(`${PRODUCTS}/9`, () => json(p)),
      http.delete(`${PRODUCTS}/9`, () => {
        deleted = true;
        return json({ idx: 9 });
      }),
    );
    const { user } = await renderAt('/b2b/product/9', { show: <ProductShow /> });
    expect(await screen.findByRole('heading', { name: '상품9' })).toBeInTheDocument();
    expect(screen.getByText('1,234,000원')).toBeInTheDocument();
    expect(screen.getByText('1년 무상 보증')).toBeInTheDocument();
    expect(screen.getByText('가죽')).toBeInTheDocument();
    expect(screen.getAllByText('2026-11-01 12:00')).toHaveLength(2);
    expect(screen.getByRole('img', { name: '상품 이미지' })).toHaveAttribute('src', '/api/media/p.png');
    expect(screen.getByRole('link', { name: '수정' })).toHaveAttribute('href', '/b2b/product/edit/9');
    await user.click(screen.getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('이 상품을 삭제할까요?');
    await user.click(within(dialog).getByRole('button', { name: /삭제/ }));
    expect(await screen.findByText('목록 화면')).toBeInTheDocument();
    expect(deleted).toBe(true);
    expect(await screen.findByText('상품을 삭제했어요')).toBeInTheDocument();
  });

  it('a missing product opens the dialog whose 확인 goes back in history', async () => {
    signIn(brandAccount());
    server.use(http.get(`${PRODUCTS}/404`, () => fail(404, { code: 'NOT_FOUND', message: PRODUCT_MSG.notFound })));
    const { user, router } = await renderAt('/b2b/product/edit/1', { show: <ProductShow /> });
    expect(await screen.findByText('수정 화면')).toBeInTheDocument();
    await router.navigate('/b2b/product/404');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(PRODUCT_MSG.notFound);
    // Not also the generic error dialog.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await screen.findByText('수정 화면')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/b2b/product/edit/1');
  });

  it('without history, 확인 opens the list', async () => {
    signIn(brandAccount());
    server.use(http.get(`${PRODUCTS}/404`, () => fail(404, { code: 'NOT_FOUND', message: PRODUCT_MSG.notFound })));
    const { user } = await renderAt('/b2b/product/404', { show: <ProductShow /> });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '확인' }));
    expect(await screen.findByText('목록 화면')).toBeInTheDocument();
  });
});

void HttpResponse;
