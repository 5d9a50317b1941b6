import { v5 } from "uuid";

const NAMESPACE = "5d0c3a4e-8f0b-4c55-9d55-2b8f6a7f3c11";

/**
 * A document's id follows from what it is (period, category, employee, file), so a preview and
 * the final document made from it at close have the same id, and a client's link stays valid.
 */
export const documentIdOf = (payrunPeriodId: string, category: string, employeeId: string | null, name: string) =>
  v5(`${payrunPeriodId}/${category}/${employeeId ?? "-"}/${name}`, NAMESPACE);
