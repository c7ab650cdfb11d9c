import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand } from '../../../tests/helpers/accounts';
import { TINY_IMAGES, multipartFile, uploadImage } from '../../../tests/helpers/uploads';
import { MSG, FIELD_MSG } from '../../../src/domain/messages';
import { SIGNED_UPLOAD_TTL_MS } from './signed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UPLOAD = '/api/v1/file/upload';
const imageRefusal = { code: 'VALIDATION_FAILED', message: MSG.imageUploadError, errors: { file: MSG.imageUploadError } };

describe(`uploads (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it.each([
    ['png', 'image/png'], ['jpg', 'image/jpeg'], ['gif', 'image/gif'], ['webp', 'image/webp'],
  ] as const)('accepts a real %s by its content and serves it with its type, cached immutably', async (ext, type) => {
    const brand = await confirmedBrand(t);
    // The name says nothing: a webp called photo.bin is still a webp.
    const res = await uploadImage(as(t, brand.token), 'photo.bin', TINY_IMAGES[ext]);
    expect(res.statusCode).toBe(200);
    const { path: key, url, signedUrl } = res.json().data;
    expect(key).toMatch(new RegExp(`^\\d+/[A-Za-z0-9_-]{32}\\.${ext}$`));
    expect(url).toBe(`/api/media/files/${key}`);
    expect(signedUrl).toBe(url);
    expect(fs.readFileSync(path.join(t.dataDir, 'uploads', ...key.split('/')))).toEqual(TINY_IMAGES[ext]);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload).toEqual(TINY_IMAGES[ext]);
  });

  it('refuses by content, not by name: a .png of text, an empty file, a missing part, a wrong field', async () => {
    const call = as(t, (await confirmedBrand(t)).token);
    const text = await uploadImage(call, 'cat.png', Buffer.from('this is not an image'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual(imageRefusal);
    expect((await uploadImage(call, 'empty.jpg', Buffer.alloc(0))).json()).toEqual(imageRefusal);
    expect((await uploadImage(call, 'fake.gif', Buffer.from('GIF8'))).json()).toEqual(imageRefusal);
    expect((await call({ method: 'POST', url: UPLOAD })).json()).toEqual(imageRefusal);
    const wrongField = multipartFile('a.png', TINY_IMAGES.png, { field: 'image' });
    expect((await call({ method: 'POST', url: UPLOAD, ...wrongField })).json()).toEqual(imageRefusal);
  });

  it('answers 404 for a file that does not exist or a key that is not one', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/media/files/1/${'a'.repeat(32)}.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/media/files/1/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  describe('signed upload', () => {
    it('requests, PUTs and confirms; the confirmed path can be a product image', async () => {
      const call = as(t, (await confirmedBrand(t)).token);
      const badExt = await call({ method: 'POST', url: '/api/v1/common/file', payload: { ext: 'svg' } });
      expect(badExt.json().errors).toEqual({ ext: FIELD_MSG.uploadExtInvalid });
      const requested = (await call({ method: 'POST', url: '/api/v1/common/file', payload: { ext: 'JPEG', nftIdx: 3 } })).json().data;
      expect(requested.path).toMatch(/\.jpg$/);
      expect(requested.uploadUrl).toMatch(/^\/api\/media\/upload\/\d+\/[A-Za-z0-9_-]+\.jpg\?expires=\d+&signature=[A-Za-z0-9_-]+$/);

      // Not confirmable before the bytes arrive.
      expect((await call({ method: 'POST', url: '/api/v1/common/file/upload', payload: { path: requested.path } })).json().errors).toEqual({ path: FIELD_MSG.uploadPathInvalid });
      const notJpeg = await t.app.inject({ method: 'PUT', url: requested.uploadUrl, payload: TINY_IMAGES.png, headers: { 'content-type': 'image/jpeg' } });
      expect(notJpeg.statusCode).toBe(400);
      expect(notJpeg.json()).toEqual(imageRefusal);
      const put = await t.app.inject({ method: 'PUT', url: requested.uploadUrl, payload: TINY_IMAGES.jpg, headers: { 'content-type': 'image/jpeg' } });
      expect(put.statusCode).toBe(200);
      expect(put.json().data).toEqual({ path: requested.path });

      const confirmed = await call({ method: 'POST', url: '/api/v1/common/file/upload', payload: { path: requested.path } });
      expect(confirmed.json().data).toEqual({ path: requested.path, url: `/api/media/files/${requested.path}` });
      // Once confirmed, the signed URL is spent.
      const again = await t.app.inject({ method: 'PUT', url: requested.uploadUrl, payload: TINY_IMAGES.jpg, headers: { 'content-type': 'image/jpeg' } });
      expect(again.statusCode).toBe(403);
      const served = await t.app.inject({ method: 'GET', url: confirmed.json().data.url });
      expect(served.headers['content-type']).toBe('image/jpeg');

      const product = await call({ method: 'POST', url: '/api/v1/admin/partners-product', payload: { name: '서명 업로드 상품', productImage: requested.path } });
      expect(product.json().data.productImage).toEqual({ path: requested.path, url: `/api/media/files/${requested.path}` });
    });

    it('refuses a bad signature, another key, and an expired URL', async () => {
      const call = as(t, (await confirmedBrand(t)).token);
      const requested = (await call({ method: 'POST', url: '/api/v1/common/file', payload: { ext: 'png' } })).json().data;
      const url = new URL(requested.uploadUrl, 'http://x');
      const put = (u: string) => t.app.inject({ method: 'PUT', url: u, payload: TINY_IMAGES.png, headers: { 'content-type': 'image/png' } });

      const tampered = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${'A'.repeat(43)}`;
      expect((await put(tampered)).json().code).toBe('INVALID_TOKEN');
      const longer = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${url.searchParams.get('signature')}`;
      expect((await put(longer)).statusCode).toBe(403);
      const otherKey = `${url.pathname.replace(/\/[^/]+$/, `/${'b'.repeat(32)}.png`)}${url.search}`;
      expect((await put(otherKey)).statusCode).toBe(403);
      expect((await put(`${url.pathname}`)).statusCode).toBe(403);

      t.clock.advance(SIGNED_UPLOAD_TTL_MS + 1000);
      try {
        const expired = await put(requested.uploadUrl);
        expect(expired.statusCode).toBe(403);
        expect(expired.json().code).toBe('INVALID_TOKEN');
      } finally {
        t.clock.advance(-(SIGNED_UPLOAD_TTL_MS + 1000));
      }
    });

    it('confirms only the tenant\'s own uploads', async () => {
      const a = as(t, (await confirmedBrand(t)).token);
      const b = as(t, (await confirmedBrand(t)).token);
      const requested = (await a({ method: 'POST', url: '/api/v1/common/file', payload: { ext: 'gif' } })).json().data;
      await t.app.inject({ method: 'PUT', url: requested.uploadUrl, payload: TINY_IMAGES.gif, headers: { 'content-type': 'image/gif' } });
      expect((await b({ method: 'POST', url: '/api/v1/common/file/upload', payload: { path: requested.path } })).statusCode).toBe(400);
      expect((await a({ method: 'POST', url: '/api/v1/common/file/upload', payload: { path: requested.path } })).statusCode).toBe(200);
    });
  });
});
