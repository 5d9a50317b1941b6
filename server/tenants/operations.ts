import { page } from "../http/pagination";
import { operation } from "../http/operation";
import { CreateTenant, ListTenantsQuery, Tenant } from "./schemas";

const TenantList = page(Tenant);

export const createTenantOp = operation({
  method: "POST",
  path: "/tenants",
  tag: "Tenants",
  summary: "Create a tenant (system users only)",
  allow: "tenant.create",
  body: CreateTenant,
  response: Tenant,
  status: 201,
  idempotent: true,
  problems: { 403: ["auth.forbidden"] },
});

export const listTenantsOp = operation({
  method: "GET",
  path: "/tenants",
  tag: "Tenants",
  summary: "The tenants the caller can see",
  allow: "authenticated",
  query: ListTenantsQuery,
  response: TenantList,
});

export const getTenantOp = operation({
  method: "GET",
  path: "/tenants/{orgId}",
  tag: "Tenants",
  summary: "One tenant",
  allow: "tenant.read",
  response: Tenant,
});
