/** What a handler answers: the route wrapper turns it into a Response. */
export type Reply = { status?: number; body?: unknown; headers?: Record<string, string>; etag?: string };

export const ok = (body: unknown, etag?: string): Reply => ({ status: 200, body, etag });
export const created = (body: unknown, etag?: string): Reply => ({ status: 201, body, etag });
export const noContent = (): Reply => ({ status: 204 });
