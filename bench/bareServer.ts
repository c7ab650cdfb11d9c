/**
 * The throughput benchmark's baseline: the least a server can do for the guarantee list, a bare
 * Fastify route on a pg Pool (10 connections, as the real server) running the same SQL by hand — the
 * session lookup by token hash, then the first 25 rows (newest first) and the capped count side by
 * side — and answering `{ data: { list, total } }`. No ORM, no hooks, no logger, no validation.
 * Started by bench/throughput.ts with DATABASE_URL and PORT.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();

const SESSION = `SELECT s.expires_at, p.idx, p.parent_idx, p.admin_type, p.b2b_type, p.email_confirmed_at, p.is_leaved
  FROM sessions s JOIN partnerships p ON p.idx = s.admin_idx
  WHERE s.token_hash = $1 AND s.revoked_at IS NULL LIMIT 1`;
const LIST = `SELECT n.idx, n.nft_number, n.nft_type, n.nft_template_idx, t.nft_card_name, n.nft_status, n.request_route, n.customer_idx,
    n.orderer_name, n.orderer_tel, n.orderer_country_code, n.ordered_at, n.ref_order_id, n.store_idx, n.store_name, n.brand_idx,
    b.name AS brand_name, n.partners_product_idx, n.product_name, n.warranty_date, n.price, n.payment_amount, n.product_code,
    n.product_image, n.model_number, n.category_code, n.category_name, n.material, n.size, n.weight, n.custom_field, n.issue_at,
    n.issued_at, n.canceled_at, n.cancel_reason, n.cancel_detail, n.created_at, n.updated_at
  FROM nfts n
  LEFT JOIN brands b ON b.tenant_idx = n.tenant_idx AND b.idx = n.brand_idx
  LEFT JOIN nft_templates t ON t.tenant_idx = n.tenant_idx AND t.idx = n.nft_template_idx
  WHERE n.tenant_idx = $1 AND n.nft_type = 'GUARANTEE' AND n.deleted_at IS NULL
  ORDER BY n.created_at DESC, n.idx DESC LIMIT 25`;
const COUNT = `SELECT count(*)::int AS n FROM (SELECT 1 FROM nfts WHERE tenant_idx = $1 AND nft_type = 'GUARANTEE' AND deleted_at IS NULL LIMIT 10001) c`;

app.get('/api/v1/admin/nft', async (request, reply) => {
  const auth = request.headers.authorization;
  const token = auth?.startsWith('Bearer ') ? auth.slice(7) : '';
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const { rows: [session] } = await pool.query(SESSION, [tokenHash]);
  if (!session || session.expires_at.getTime() <= Date.now()) return reply.code(401).send({ code: 'UNAUTHORIZED' });
  const tenantIdx = session.parent_idx ?? session.idx;
  const [list, total] = await Promise.all([pool.query(LIST, [tenantIdx]), pool.query(COUNT, [tenantIdx])]);
  return { data: { list: list.rows, total: total.rows[0].n } };
});

app.get('/health', async () => ({ ok: true }));

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
