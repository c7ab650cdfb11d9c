import { addDays, seoulToday } from '../../../src/domain/seoulDay';
import { EXAM_FAILED, EXAM_MSG, EXAM_PASSED, EXAM_PENDING } from '../../../src/domain/exam';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { sessionOf as demoSession } from '../../../tests/helpers/accounts';
import { insertNft } from '../../../tests/helpers/guarantees';
import { uploadImage } from '../../../tests/helpers/uploads';

const URL = '/api/v1/admin/exam';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const sessionOf = (email: string) => demoSession(t, email);
const day = (days: number) => addDays(seoulToday(t.clock.now()), days);
const pending = { productName: '클래식 토트백', customerName: '김검수', customerPhone: '010-1234-5678', examKind: 1, result: EXAM_PENDING };

describe(`inspections (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('the demo brand has one inspection of each result, the passed one of its certificate', async () => {
    const { call } = await sessionOf('brand@demo.test');
    const list = (await call({ method: 'GET', url: `${URL}/list` })).json().data.list as { result: number; nftIdx: number | null }[];
    expect(list.map((e) => e.result).sort()).toEqual([EXAM_PENDING, EXAM_PASSED, EXAM_FAILED]);
    expect(list.find((e) => e.result === EXAM_PASSED)?.nftIdx).toEqual(expect.any(Number));
  });

  it('registers a pending inspection of a certificate, records its result with the day and photo, lists, searches and deletes it', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const nft = await insertNft(t, tenantIdx, 1);
    const created = await call({ method: 'POST', url: URL, payload: { ...pending, nftIdx: nft.idx } });
    expect(created.statusCode, created.body).toBe(201);
    const exam = created.json().data;
    expect(exam).toMatchObject({ ...pending, nftIdx: nft.idx, inspectedOn: null, photos: [], grade: null });

    const paths: string[] = [];
    for (const name of ['a.png', 'b.png']) {
      const upload = await uploadImage(call, name);
      expect(upload.statusCode, upload.body).toBe(200);
      paths.push(upload.json().data.path as string);
    }
    const result = { ...pending, nftIdx: nft.idx, result: EXAM_PASSED, inspectedOn: day(0), grade: 'A', inspector: '박감정', photos: paths, memo: '정품\n상태 양호' };
    const recorded = await call({ method: 'PATCH', url: `${URL}/${exam.idx}`, payload: result });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data).toMatchObject({ ...result, photos: paths.map((path) => ({ path, url: expect.stringContaining(path) })) });
    expect((await call({ method: 'GET', url: `${URL}/${exam.idx}` })).json().data).toEqual(recorded.json().data);

    const found = (await call({ method: 'GET', url: `${URL}?searchType=customerName&searchText=김검수` })).json().data;
    expect(found.list.map((e: { idx: number }) => e.idx)).toContain(exam.idx);
    // Stored photos are kept on a later edit without being checked again; one may be dropped.
    const kept = await call({ method: 'PATCH', url: `${URL}/${exam.idx}`, payload: { ...result, result: EXAM_FAILED, photos: [paths[1]] } });
    expect(kept.json().data.photos.map((p: { path: string }) => p.path)).toEqual([paths[1]]);
    expect((await call({ method: 'DELETE', url: `${URL}/${exam.idx}` })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: `${URL}/${exam.idx}` })).json().message).toBe(EXAM_MSG.notFound);
  });

  it('refuses each broken rule with its Korean message: the result values, a decided result without its day, a day after today', async () => {
    const { call } = await sessionOf('brand@demo.test');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ productName: ' ' }, 'productName', '상품명을 입력해 주세요'],
      [{ customerName: '' }, 'customerName', '고객명을 입력해 주세요'],
      [{ result: null }, 'result', EXAM_MSG.resultRequired],
      [{ result: 4 }, 'result', EXAM_MSG.choiceInvalid],
      [{ result: 0 }, 'result', EXAM_MSG.choiceInvalid],
      [{ examKind: null }, 'examKind', EXAM_MSG.kindRequired],
      [{ examKind: 9 }, 'examKind', EXAM_MSG.choiceInvalid],
      [{ result: EXAM_PASSED }, 'inspectedOn', EXAM_MSG.inspectedOnRequired],
      [{ result: EXAM_FAILED, inspectedOn: null }, 'inspectedOn', EXAM_MSG.inspectedOnRequired],
      [{ result: EXAM_PASSED, inspectedOn: day(1) }, 'inspectedOn', EXAM_MSG.inspectedOnFuture],
      [{ customerPhone: '010 1234 5678' }, 'customerPhone', EXAM_MSG.phoneInvalid],
      [{ memo: 'a'.repeat(1001) }, 'memo', '메모는 1,000자까지 입력할 수 있어요'],
      [{ photos: ['1/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png'] }, 'photos', EXAM_MSG.photosInvalid],
      [{ photos: Array.from({ length: 7 }, (_, i) => `1/${i}.png`) }, 'photos', EXAM_MSG.photosInvalid],
      [{ nftIdx: 999_999 }, 'nftIdx', EXAM_MSG.certificateInvalid],
    ];
    for (const [change, field, message] of cases) {
      const res = await call({ method: 'POST', url: URL, payload: { ...pending, ...change } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toBe(message);
    }
    // Each result value is accepted with what it needs.
    for (const result of [EXAM_PENDING, EXAM_PASSED, EXAM_FAILED]) {
      const res = await call({ method: 'POST', url: URL, payload: { ...pending, result, inspectedOn: result === EXAM_PENDING ? null : day(-1) } });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('keeps tenants apart: another tenant’s inspection is 404 on every route and its certificate cannot be named', async () => {
    const brand = await sessionOf('brand@demo.test');
    const other = await sessionOf('other@demo.test');
    const theirs = (await other.call({ method: 'POST', url: URL, payload: pending })).json().data.idx as number;
    const theirNft = await insertNft(t, other.tenantIdx, 1);
    for (const [method, url, payload] of [
      ['GET', `${URL}/${theirs}`, undefined],
      ['PATCH', `${URL}/${theirs}`, pending],
      ['DELETE', `${URL}/${theirs}`, undefined],
      ['DELETE', `${URL}/bulk`, { idxList: [theirs] }],
    ] as const) {
      const res = await brand.call({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = (await brand.call({ method: 'GET', url: `${URL}/list` })).json().data.list as { idx: number }[];
    expect(list.map((e) => e.idx)).not.toContain(theirs);
    const named = await brand.call({ method: 'POST', url: URL, payload: { ...pending, nftIdx: theirNft.idx } });
    expect(named.json().errors.nftIdx).toBe(EXAM_MSG.certificateInvalid);
    expect((await other.call({ method: 'GET', url: `${URL}/${theirs}` })).json().data).toMatchObject(pending);
  });

  it('lets the sub-account read and write them, and refuses the ended trial (no EXAM in use; each missing feature is checked by the security matrix)', async () => {
    const staff = await sessionOf('staff@demo.test');
    expect((await staff.call({ method: 'POST', url: URL, payload: pending })).statusCode).toBe(201);
    const expired = await sessionOf('expired@demo.test');
    expect((await expired.call({ method: 'GET', url: URL })).statusCode).toBe(403);
  });
});
