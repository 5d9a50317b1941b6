import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const systemUsers = pgTable("system_users", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  clientId: text("client_id").notNull().unique(),
  secretHash: text("secret_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const tenants = pgTable(
  "tenants",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    createdBySystemUserId: uuid("created_by_system_user_id").references(() => systemUsers.id),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tenants_created_by_idx").on(t.createdBySystemUserId)],
);
