import { z } from "zod";
import type { Role } from "../context";

/** Role values; Owner and Admin are accepted as Administrator, "Self Service" as SelfService. */
export const RoleInput = z
  .enum(["Administrator", "Manager", "SelfService", "Owner", "Admin", "Self Service"], {
    error: "Use Administrator, Manager or SelfService.",
  })
  .transform((role): Role =>
    role === "Owner" || role === "Admin" ? "Administrator" : role === "Self Service" ? "SelfService" : role,
  );

export const RoleOutput = z.enum(["Administrator", "Manager", "SelfService"]);

/** What a role is linked to: Managers to payrolls, Self Service to their employee. */
export const RoleLinks = {
  payrollIds: z
    .array(z.uuid("Each payrollId must be a payroll id."))
    .max(100)
    .optional()
    .describe(
      "Manager: the payrolls assigned. Left out: the payrolls the Manager has now (a membership update), else the tenant's payroll (a tenant has one).",
    ),
  employeeId: z
    .uuid("employeeId must be an employee id.")
    .nullable()
    .optional()
    .describe("Self Service: the linked employee. Left out in an update: the one linked now."),
};
