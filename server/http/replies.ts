import type { Reply } from "./route";

export const ok = (body: unknown, etag?: string): Reply => ({ status: 200, body, etag });
export const created = (body: unknown, etag?: string): Reply => ({ status: 201, body, etag });
export const noContent = (): Reply => ({ status: 204 });
