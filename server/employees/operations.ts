import { z } from "zod";
import { operation } from "../http/operation";
import { CreateEmployee, Employee, ListEmployeesQuery, UpdateEmployee } from "./schemas";

const EmployeeList = z.object({ items: z.array(Employee), nextCursor: z.string().nullable() });

export const listEmployeesOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/employees",
  tag: "Employees",
  summary: "Current employees; includeFormer=true lists former ones too.",
  allow: "employee.read",
  query: ListEmployeesQuery,
  response: EmployeeList,
});

export const createEmployeeOp = operation({
  method: "POST",
  path: "/tenants/{orgId}/employees",
  tag: "Employees",
  summary: "Create an employee in a payroll's division.",
  allow: "employee.write",
  body: CreateEmployee,
  response: Employee,
  status: 201,
  idempotent: true,
  errors: [409, 422],
});

export const getEmployeeOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/employees/{employeeId}",
  tag: "Employees",
  summary: "One employee (with ETag).",
  allow: "employee.read",
  response: Employee,
  errors: [404],
});

export const updateEmployeeOp = operation({
  method: "PUT",
  path: "/tenants/{orgId}/employees/{employeeId}",
  tag: "Employees",
  summary: "Change identifier and name, applied immediately. If-Match supported. Employees cannot be deleted (405).",
  allow: "employee.write",
  body: UpdateEmployee,
  response: Employee,
  errors: [404, 409, 412, 422],
});

export const listPayrollEmployeesOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/employees",
  tag: "Employees",
  summary: "Employees of one payroll; includeFormer=true lists former ones too.",
  allow: "employee.read",
  query: ListEmployeesQuery,
  response: EmployeeList,
  errors: [404],
});

export const getPayrollEmployeeOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/employees/{employeeId}",
  tag: "Employees",
  summary: "One employee of a payroll.",
  allow: "employee.read",
  response: Employee,
  errors: [404],
});
