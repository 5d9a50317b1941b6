import { operation } from "../http/operation";
import { PageQuery } from "../http/pagination";
import {
  CreateLookupValue,
  DeletedLookupValue,
  ListLookupValuesQuery,
  LookupSets,
  LookupSetsQuery,
  LookupValue,
  LookupValueList,
  MapWageType,
  UpdateLookupValue,
  WageTypeAccounts,
  WageTypeAccountsList,
} from "./schemas";

const READ = "lookup.read" as const;
const WRITE = "lookup.write" as const;

export const listLookupSetsOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/regulations/{regulationId}/lookups/sets",
  tag: "Lookups",
  summary: "List a regulation's lookup sets",
  description:
    "The regulation's lookup sets, from the version in force at the payroll's open period, by name and " +
    "paged by limit and cursor (a set comes whole, with all its values). regulationId: the id from GET " +
    "/regulations/available, or the exact name.",
  allow: READ,
  query: LookupSetsQuery,
  response: LookupSets,
  problems: { 404: ["payroll.not_found", "regulation.not_found"] },
});

export const listLookupValuesOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/lookups/values",
  tag: "Lookups",
  summary: "List the payroll's accounts and cost centers",
  description:
    "The payroll's own lookup values: the chart of accounts of its accountingData regulation (with the wage types mapped to each account) and its cost centers.",
  allow: READ,
  query: ListLookupValuesQuery,
  response: LookupValueList,
  problems: { 404: ["payroll.not_found"] },
});

export const createLookupValueOp = operation({
  method: "POST",
  answersEtag: true,
  path: "/tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values",
  tag: "Lookups",
  summary: "Add an account or a cost center",
  description:
    "Add an account (lookupId Accounts of the payroll's accountingData regulation; the key is the account number) or a cost center (CostCenters of the country regulation).",
  allow: WRITE,
  body: CreateLookupValue,
  response: LookupValue,
  status: 201,
  idempotent: true,
  problems: {
    404: ["lookup.not_found", "payroll.not_found", "regulation.not_found"],
    409: ["lookup.duplicate_key", "lookup.not_maintainable"],
    422: ["lookup.account_number_invalid"],
  },
});

export const updateLookupValueOp = operation({
  method: "PUT",
  path: "/tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values/{lookupValueId}",
  tag: "Lookups",
  summary: "Change a lookup value",
  description:
    "Change a lookup value. An account number can change any time: the wage type mapping follows, past postings keep their number. If-Match supported.",
  allow: WRITE,
  body: UpdateLookupValue,
  response: LookupValue,
  problems: {
    404: ["lookup_value.not_found", "payroll.not_found", "regulation.not_found"],
    409: ["lookup.duplicate_key", "lookup.not_maintainable"],
    422: ["lookup.account_number_invalid"],
  },
});

export const deleteLookupValueOp = operation({
  method: "DELETE",
  path: "/tenants/{orgId}/regulations/{regulationId}/lookups/{lookupId}/values/{lookupValueId}",
  tag: "Lookups",
  summary: "Delete a lookup value",
  description:
    "Delete a lookup value. Accounts: only client-added ones that no wage type maps to (409). Cost centers: always; references are not checked, the answer lists employees still pointing to it.",
  allow: WRITE,
  response: DeletedLookupValue,
  problems: {
    404: ["lookup_value.not_found", "payroll.not_found", "regulation.not_found"],
    409: ["lookup.account_in_use", "lookup.account_not_client_added", "lookup.not_maintainable"],
  },
});

export const listWageTypesOp = operation({
  method: "GET",
  path: "/tenants/{orgId}/payrolls/{payrollId}/wagetypes",
  tag: "Lookups",
  summary: "List the payroll's wage types",
  description:
    "The wage types of the payroll's regulations in force, each with the debit and credit account it posts to; by number (numerically), paged by limit and cursor.",
  allow: READ,
  query: PageQuery,
  response: WageTypeAccountsList,
  problems: { 404: ["payroll.not_found"] },
});

export const mapWageTypeOp = operation({
  method: "PUT",
  path: "/tenants/{orgId}/payrolls/{payrollId}/wagetypes/{wageTypeNumber}/accounts",
  tag: "Lookups",
  summary: "Map a wage type to accounts",
  description:
    "Map a wage type to accounts of the payroll's current chart of accounts (lookup value ids). Answers the mapping's ETag; If-Match supported (412 when it changed since).",
  allow: WRITE,
  body: MapWageType,
  response: WageTypeAccounts,
  problems: { 404: ["payroll.not_found", "wage_type.not_found"], 422: ["lookup.account_unknown"] },
});
