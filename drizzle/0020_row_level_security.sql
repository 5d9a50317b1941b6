-- The tenant wall in the database (docs/adr/0002-row-level-security.md): every tenant table answers a
-- tenant scope's statements only with the rows of the tenant its transaction names. A tenant scope runs
-- as payroll_tenant with app.tenant_id set (server/db/tenant-scope.ts); work across tenants (sign-in,
-- the job worker's claims, maintenance) runs as the service's own role, which owns the tables and so
-- is not subject to these policies.
DO $$
BEGIN
  CREATE ROLE payroll_tenant NOLOGIN;
EXCEPTION
  -- Roles belong to the cluster: another database of it (a test run's) may have made it, or be making it now.
  WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
GRANT payroll_tenant TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO payroll_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO payroll_tenant;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO payroll_tenant;
--> statement-breakpoint
-- Tables made later, by migrations and by pg-boss (its schema is installed after the migrations, and
-- a tenant's jobs are sent in the tenant's transaction, server/jobs/queue.ts), are the tenant role's too.
ALTER DEFAULT PRIVILEGES GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO payroll_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES GRANT USAGE, SELECT ON SEQUENCES TO payroll_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES GRANT USAGE ON SCHEMAS TO payroll_tenant;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_namespace WHERE nspname = 'pgboss') THEN
    GRANT USAGE ON SCHEMA pgboss TO payroll_tenant;
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO payroll_tenant;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA pgboss TO payroll_tenant;
  END IF;
END $$;
--> statement-breakpoint
-- The tenant a transaction is scoped to, or null outside a scope (a setting that was set in an earlier
-- transaction reads as '' afterwards, not as null).
CREATE FUNCTION current_tenant_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
DO $$
DECLARE
  tenant_table regclass;
BEGIN
  FOR tenant_table IN
    SELECT c.oid::regclass FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
  LOOP
    EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tenant_table);
    EXECUTE format('CREATE POLICY tenant_wall ON %s USING (tenant_id = current_tenant_id()) WITH CHECK (tenant_id = current_tenant_id())', tenant_table);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_wall ON tenants USING (id = current_tenant_id()) WITH CHECK (id = current_tenant_id());
