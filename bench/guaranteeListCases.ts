/** The guarantee history's query cases at 1,000,000 rows (bench/guaranteeList.ts times them, bench/guaranteeListPlans.ts explains them). */
import { addDays } from '../src/domain/seoulDay';
import type { ListCase } from './lib';

/** `storeIdx`: the demo brand's first store (the seeded rows use it and the next four); `today`: the Seoul day. */
export function historyCases(storeIdx: number, today: string): ListCase[] {
  const enc = encodeURIComponent;
  const monthAgo = addDays(today, -30);
  return [
    { name: 'default first page (25, newest first)', query: '' },
    { name: 'status 3 (with 5), first page', query: 'nftStatus=3' },
    { name: 'status 1,2 (waiting, ~15%)', query: 'nftStatus=1,2' },
    { name: 'store', query: `storeIdx=${storeIdx + 1}` },
    { name: 'requestRoute excel,user', query: 'requestRoute=excel,user' },
    { name: 'last 30 days (createdAt)', query: `from=${monthAgo}&to=${today}` },
    { name: 'issuedAt last 30 days', query: `dateType=issuedAt&from=${monthAgo}&to=${today}` },
    { name: 'orderer name contains "박지호"', query: `search=ordererName&keyword=${enc('박지호')}` },
    { name: 'orderer name contains "김민" (2 chars)', query: `search=ordererName&keyword=${enc('김민')}` },
    { name: 'all fields "지우" (2 chars)', query: `keyword=${enc('지우')}` },
    { name: 'orderer name "홍길" (2 chars, none)', query: `search=ordererName&keyword=${enc('홍길')}` },
    { name: 'product contains "wallet"', query: 'search=productName&keyword=wallet' },
    { name: 'phone contains "45678"', query: 'search=ordererTel&keyword=45678' },
    { name: 'all fields "ORD-10123"', query: `keyword=${enc('ORD-10123')}` },
    { name: 'status+store+route+30 days+name', query: `nftStatus=3&storeIdx=${storeIdx + 1}&requestRoute=product&from=${monthAgo}&to=${today}&search=ordererName&keyword=${enc('김민준')}` },
    { name: 'status 3 + store + 30 days', query: `nftStatus=3&storeIdx=${storeIdx + 2}&from=${monthAgo}&to=${today}` },
    { name: 'deep page (page 400 of 25)', query: 'page=400' },
    { name: 'deep page, status 3 (page 200 of 50)', query: 'nftStatus=3&page=200&pageSize=50' },
    { name: 'sort issuedAt DESC', query: 'sort=issuedAt,DESC' },
    { name: 'sort issuedAt ASC, page 3', query: 'sort=issuedAt,ASC&page=3' },
    { name: 'sort ordererName ASC', query: 'sort=ordererName,ASC' },
    { name: 'sort ordererName DESC + status 1', query: 'sort=ordererName,DESC&nftStatus=1' },
    { name: 'export page (1000)', query: 'pageSize=1000' },
  ];
}
