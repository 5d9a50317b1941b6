import * as auth from "../auth/operations";
import * as employees from "../employees/operations";
import * as payrolls from "../payrolls/operations";
import * as tenants from "../tenants/operations";
import * as invitations from "../invitations/operations";
import * as memberships from "../memberships/operations";
import * as users from "../users/operations";
import * as regulations from "../regulations/operations";
import * as cases from "../cases/operations";
import * as lookups from "../lookups/operations";
import * as results from "../results/operations";
import * as documents from "../documents/operations";
import * as payouts from "../payouts/operations";
import * as tasks from "../tasks/operations";
import * as webhooks from "../webhooks/operations";
import type { Operation } from "../http/operation";
import * as docs from "./operations";

/** Every operation of the API. A route handler whose operation is missing here fails tests/unit/openapi. */
export const allOperations: Operation[] = [
  auth,
  users,
  tenants,
  memberships,
  invitations,
  payrolls,
  regulations,
  employees,
  cases,
  lookups,
  results,
  documents,
  payouts,
  tasks,
  webhooks,
  docs,
].flatMap((m) => Object.values(m) as Operation[]);
