import { z } from "zod";
import { PageQuery } from "../http/pagination";
import { singleLine } from "../http/text";

export const CreateTenant = z.object({
  name: singleLine({ max: 200 }),
});
export type CreateTenant = z.infer<typeof CreateTenant>;

export const Tenant = z.object({ id: z.uuid(), name: z.string(), createdAt: z.iso.datetime() }).meta({ id: "Tenant" });
export type Tenant = z.infer<typeof Tenant>;

export const ListTenantsQuery = PageQuery;

export const toTenant = (row: { id: string; name: string; createdAt: Date }): Tenant => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
});
