import { z } from "zod";
import { PageQuery } from "../http/pagination";
import { RoleInput, RoleLinks, RoleOutput } from "./roles";

export const CreateMembership = z.object({
  userId: z.uuid("userId must be the id of an existing user."),
  role: RoleInput,
  ...RoleLinks,
});
export type CreateMembership = z.infer<typeof CreateMembership>;

export const UpdateMembership = z.object({ role: RoleInput, ...RoleLinks });
export type UpdateMembership = z.infer<typeof UpdateMembership>;

export const ListMembershipsQuery = PageQuery;

export const Membership = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    tenantId: z.uuid(),
    role: RoleOutput,
    payrollIds: z.array(z.uuid()),
    employeeId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
    user: z.object({ email: z.string(), name: z.string() }).optional(),
  })
  .meta({ id: "Membership" });
export type Membership = z.infer<typeof Membership>;

type MembershipRow = {
  id: string;
  userId: string;
  tenantId: string;
  role: z.infer<typeof RoleOutput>;
  payrollIds: string[];
  employeeId: string | null;
  createdAt: Date;
};

export const toMembership = (row: MembershipRow, user?: { email: string; name: string }): Membership => ({
  id: row.id,
  userId: row.userId,
  tenantId: row.tenantId,
  role: row.role,
  payrollIds: row.role === "Manager" ? row.payrollIds : [],
  employeeId: row.role === "SelfService" ? row.employeeId : null,
  createdAt: row.createdAt.toISOString(),
  ...(user ? { user: { email: user.email, name: user.name } } : {}),
});
