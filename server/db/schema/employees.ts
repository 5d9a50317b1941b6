import { foreignKey, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { divisions } from "./payrolls";
import { tenants } from "./tenants";

export const employees = pgTable(
  "employees",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    divisionId: uuid("division_id").notNull(),
    identifier: text("identifier").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("employees_tenant_identifier_key").on(t.tenantId, t.identifier),
    unique("employees_tenant_id_key").on(t.tenantId, t.id),
    index("employees_division_idx").on(t.tenantId, t.divisionId),
    foreignKey({ columns: [t.tenantId, t.divisionId], foreignColumns: [divisions.tenantId, divisions.id] }),
  ],
);
