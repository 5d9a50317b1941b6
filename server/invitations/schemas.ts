import { z } from "zod";
import { PageQuery } from "../http/pagination";
import { RoleInput, RoleLinks, RoleOutput } from "../memberships/roles";

export const INVITATION_DAYS = 14;

export const Invite = z.object({ email: z.email("A valid email address is required."), role: RoleInput, ...RoleLinks });
export type Invite = z.infer<typeof Invite>;

export const ListInvitationsQuery = PageQuery.extend({
  status: z
    .enum(["pending", "accepted", "withdrawn", "expired", "all"])
    .default("pending")
    .describe("Default: pending invitations only."),
});
export type ListInvitationsQuery = z.infer<typeof ListInvitationsQuery>;

export const InvitationStatus = z.enum(["pending", "accepted", "withdrawn", "expired"]);

export const Invitation = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    tenantName: z.string().optional(),
    email: z.string(),
    role: RoleOutput,
    payrollIds: z.array(z.uuid()),
    employeeId: z.uuid().nullable(),
    status: InvitationStatus,
    expiresAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
    url: z.string().describe("The link that signs the invitee in and accepts."),
  })
  .meta({ id: "Invitation" });
export type Invitation = z.infer<typeof Invitation>;

type InvitationRow = {
  id: string;
  tenantId: string;
  email: string;
  role: z.infer<typeof RoleOutput>;
  payrollIds: string[];
  employeeId: string | null;
  status: "pending" | "accepted" | "withdrawn";
  expiresAt: Date;
  createdAt: Date;
};

export const statusOf = (row: { status: InvitationRow["status"]; expiresAt: Date }, now = new Date()) =>
  row.status === "pending" && row.expiresAt <= now ? "expired" : row.status;

export const toInvitation = (row: InvitationRow, publicUrl: string, tenantName?: string): Invitation => ({
  id: row.id,
  tenantId: row.tenantId,
  ...(tenantName ? { tenantName } : {}),
  email: row.email,
  role: row.role,
  payrollIds: row.payrollIds,
  employeeId: row.employeeId,
  status: statusOf(row),
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  url: `${publicUrl.replace(/\/$/, "")}/invitation/${row.id}`,
});
