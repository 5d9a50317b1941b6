import { page } from "../http/pagination";
import { operation } from "../http/operation";
import { CreateEmployee, Employee, ListEmployeesQuery, UpdateEmployee } from "./schemas";

const EmployeeList = page(Employee);

export const listEmployeesOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/employees",
  tag: "Employees",
  summary: "List the tenant's employees",
  description: "Current employees; includeFormer=true lists former ones too.",
  allow: "employee.read",
  query: ListEmployeesQuery,
  response: EmployeeList,
});

export const createEmployeeOp = operation({
  method: "POST",
  answersEtag: true,
  path: "/tenants/{orgId}/employees",
  tag: "Employees",
  summary: "Create an employee in a payroll's division",
  allow: "employee.write",
  body: CreateEmployee,
  response: Employee,
  status: 201,
  idempotent: true,
  problems: { 409: ["employee.identifier_taken"], 422: ["employee.division_required", "employee.unknown_division"] },
});

export const getEmployeeOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/employees/{employeeId}",
  tag: "Employees",
  summary: "One employee (with ETag)",
  allow: "employee.read",
  response: Employee,
  problems: { 404: ["employee.not_found"] },
});

export const updateEmployeeOp = operation({
  method: "PUT",
  path: "/tenants/{orgId}/employees/{employeeId}",
  tag: "Employees",
  summary: "Change an employee's identifier and name",
  description:
    "Change identifier and name, applied immediately. If-Match supported. Employees cannot be deleted (405).",
  allow: "employee.write",
  body: UpdateEmployee,
  response: Employee,
  problems: { 404: ["employee.not_found"], 409: ["employee.identifier_taken"] },
});

export const listPayrollEmployeesOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/employees",
  tag: "Employees",
  summary: "List the payroll's employees",
  description: "Employees of one payroll; includeFormer=true lists former ones too.",
  allow: "employee.read",
  query: ListEmployeesQuery,
  response: EmployeeList,
  problems: { 404: ["payroll.not_found"] },
});

export const getPayrollEmployeeOp = operation({
  method: "GET",
  answersEtag: true,
  path: "/tenants/{orgId}/payrolls/{payrollId}/employees/{employeeId}",
  tag: "Employees",
  summary: "One employee of a payroll",
  allow: "employee.read",
  response: Employee,
  problems: { 404: ["employee.not_found", "payroll.not_found"] },
});
