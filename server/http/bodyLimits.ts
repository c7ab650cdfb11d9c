import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Body limits by purpose (issue 20). Every route of the API scope gets one (applyBodyLimit): an
 * anonymous route's JSON is a form (sign-in, a lounge's PIN), a signed-in route's JSON at most a
 * long form (a template, a certificate with its custom fields), and only the spreadsheet batches
 * (1,000 rows of a certificate, a product or a membership) declare BULK_BODY_LIMIT themselves.
 * Uploads read their own bytes with their own limit (modules/uploads: IMAGE_UPLOAD_MAX_BYTES).
 */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
export const JSON_BODY_LIMIT = 1024 * 1024;
export const BULK_BODY_LIMIT = 4 * 1024 * 1024;

/** onRoute: the route's declared bodyLimit, else the one of its kind. */
export function applyBodyLimit(route: RouteOptions): void {
  if (route.bodyLimit !== undefined) return;
  route.bodyLimit = (route.config as { public?: boolean } | undefined)?.public ? PUBLIC_BODY_LIMIT : JSON_BODY_LIMIT;
}

/**
 * onError of a route that reads its body itself (uploads): a refusal sent before the body was
 * read closes the connection, so the client stops sending and the server never reads the rest
 * (Node would otherwise read it all to keep the connection alive).
 */
export async function closeUnreadBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.raw.complete === false) reply.header('connection', 'close');
}
