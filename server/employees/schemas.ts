import { z } from "zod";
import { PageQuery } from "../http/pagination";
import { identifier, singleLine } from "../http/text";

const Identifier = identifier({ max: 64 });
const Name = singleLine({ max: 100 });

export const CreateEmployee = z.object({
  identifier: Identifier.describe("The company's own employee number; unique within the tenant."),
  firstName: Name,
  lastName: Name,
  divisionId: z
    .uuid("divisionId must be the division of the tenant's payroll.")
    .optional()
    .describe(
      "The division of the payroll (payroll.divisionId). May be left out while the tenant has exactly one payroll.",
    ),
});
export type CreateEmployee = z.infer<typeof CreateEmployee>;

export const UpdateEmployee = z.object({
  identifier: Identifier.optional(),
  firstName: Name.optional(),
  lastName: Name.optional(),
});
export type UpdateEmployee = z.infer<typeof UpdateEmployee>;

export const ListEmployeesQuery = PageQuery.extend({
  includeFormer: z
    .enum(["true", "false"], { error: "Use true or false." })
    .default("false")
    .transform((v) => v === "true")
    .describe('true turns the "Hide former employees" filter off.'),
  search: singleLine({ min: 0, max: 100 }).optional().describe("Part of the identifier, first or last name."),
});
export type ListEmployeesQuery = z.infer<typeof ListEmployeesQuery>;

export const Employee = z
  .object({
    id: z.uuid(),
    identifier: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    divisionId: z.uuid(),
    employed: z.boolean().describe("Follows from the employment case data (read-only)."),
    entryDate: z.string().nullable(),
    exitDate: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Employee" });
export type Employee = z.infer<typeof Employee>;

type EmployeeRow = {
  id: string;
  identifier: string;
  firstName: string;
  lastName: string;
  divisionId: string;
  createdAt: Date;
};

/** Employment (employed, entry and exit) comes from the Employment case data (employees/employment.ts). */
export const toEmployee = (
  row: EmployeeRow,
  employment: { employed: boolean; entryDate: string | null; exitDate: string | null } = {
    employed: true,
    entryDate: null,
    exitDate: null,
  },
): Employee => ({
  id: row.id,
  identifier: row.identifier,
  firstName: row.firstName,
  lastName: row.lastName,
  divisionId: row.divisionId,
  employed: employment.employed,
  entryDate: employment.entryDate,
  exitDate: employment.exitDate,
  createdAt: row.createdAt.toISOString(),
});
