import "server-only";
import { and, Column, eq, is, sql, type InferSelectModel, type Placeholder, type SQL } from "drizzle-orm";
import { PgTable, type PgColumn, type PgSelectBase, type SelectedFields } from "drizzle-orm/pg-core";
import type { GetSelectTableName, GetSelectTableSelection } from "drizzle-orm/query-builders/select.types";
import type { TenantCtx } from "../context";
import { connection, type Database, type Tx } from "./client";
import { copyFrom } from "./copy";
import { transactionJobSql, type JobSql } from "./job-sql";
import { reservedReadTransaction } from "./read-transaction";
import { isUuid } from "../ids";
import { rowsOf } from "./rows";
import type { tenants } from "./schema";

/**
 * The one module that owns tenant scoping. Service verbs reach tenant data only through a
 * TenantScope: every read and write it issues carries `tenant_id = ctx.tenantId`, and inserts get
 * the tenant id from the context, never from a request body.
 */
export type TenantTable = PgTable & { tenantId: PgColumn };

type Order = SQL | PgColumn;
type ReadOptions = { orderBy?: Order[]; limit?: number };

// drizzle's builder types do not follow a generic table parameter; the casts stay in this file.
type LooseQuery = {
  where(c: SQL | undefined): LooseQuery;
  orderBy(...o: Order[]): LooseQuery;
  limit(n: number): LooseQuery;
  set(v: unknown): LooseQuery;
  values(v: unknown): LooseQuery;
  returning(): Promise<unknown[]>;
  for(strength: "update" | "no key update"): LooseQuery;
  then: Promise<unknown[]>["then"];
};

/** What the scope's select reads from: a tenant table, or `tenants`; its rows as drizzle's select types them. */
type ScopedFrom<F extends SelectedFields | undefined> = <T extends TenantTable | typeof tenants>(
  table: T,
) => PgSelectBase<
  GetSelectTableName<T>,
  F extends SelectedFields ? F : GetSelectTableSelection<T>,
  F extends SelectedFields ? "partial" : "single"
>;
/** drizzle's key of a table's own name, which an alias of it keeps (drizzle-orm/table.js). */
const ORIGINAL_NAME = Symbol.for("drizzle:OriginalName");
/** What #scoped reads and sets of drizzle's select (its config, internal to drizzle). */
type SelectConfig = {
  table: unknown;
  where?: SQL;
  joins?: { on?: SQL; table: unknown; joinType: string; alias?: string; lateral?: boolean }[];
};

type Insertable<T extends TenantTable> = T["$inferInsert"];
type InsertValues<T extends TenantTable> = {
  [K in keyof Insertable<T> as K extends "tenantId" ? never : K]: Insertable<T>[K] | SQL;
};
type UpdateSet<T extends TenantTable> = {
  [K in keyof Insertable<T> as K extends "tenantId" | "id" ? never : K]?: Insertable<T>[K] | SQL;
};

/** The role a tenant scope's statements run as: subject to the tenant_wall policies (drizzle/0020_row_level_security.sql). */
export const TENANT_ROLE = "payroll_tenant";

/** Makes the rest of a transaction the tenant's: its role and `app.tenant_id`, both reset at its end. */
const enterTenant = (tenantId: string) =>
  sql`select set_config('role', ${TENANT_ROLE}, true), set_config('app.tenant_id', ${tenantId}, true)`;
/** Back to the service's own role (the tables' owner, not subject to the policies), still in the transaction. */
const leaveTenantRole = sql`select set_config('role', 'none', true)`;
const leaveTenant = sql`select set_config('role', 'none', true), set_config('app.tenant_id', '', true)`;
const enterTenantRole = sql.raw(`select set_config('role', '${TENANT_ROLE}', true)`);

export class TenantScope {
  /** Run once the transaction has committed (by inTenant and inTenantOf); dropped on rollback. */
  readonly #afterCommit: (() => void)[] = [];

  /** The transaction: reached only through the methods below, which put the tenant into what they send. */
  readonly #tx: Tx;

  private constructor(
    tx: Tx,
    readonly tenantId: string,
  ) {
    this.#tx = tx;
  }

  /**
   * The scope of an open transaction, which it makes the tenant's (TENANT_ROLE and app.tenant_id for the
   * rest of the transaction), so that the database's policies hold even a statement that forgot its
   * `tenant_id` condition to this tenant's rows. `entered` is the statement that does it: it goes ahead
   * of the scope's first statement on the connection, and is awaited (or its failure seen) with it.
   */
  static enter(tx: Tx, tenantId: string): { scope: TenantScope; entered: Promise<unknown> } {
    const entered = Promise.resolve(tx.execute(enterTenant(tenantId)));
    entered.catch(() => {});
    return { scope: new TenantScope(tx, tenantId), entered };
  }

  /** As enter, for a caller that has nothing else to send first. */
  static async entered(tx: Tx, tenantId: string): Promise<TenantScope> {
    const { scope, entered } = TenantScope.enter(tx, tenantId);
    await entered;
    return scope;
  }

  /**
   * readInTenant on PostgreSQL: a read-only transaction whose BEGIN carries the scope's settings in
   * the same message (server/db/read-transaction.ts), so a read costs no statement more than its own.
   */
  static async readOnPostgres<R>(db: Database, tenantId: string, work: (scope: TenantScope) => Promise<R>): Promise<R> {
    // Written into the statement's text: only ever a UUID.
    if (!isUuid(tenantId)) throw new Error("A tenant scope needs the tenant's id.");
    const setup = `select set_config('role', '${TENANT_ROLE}', true), set_config('app.tenant_id', '${tenantId}', true)`;
    return reservedReadTransaction(
      db,
      async (tx) => {
        const scope = new TenantScope(tx, tenantId);
        const result = await work(scope);
        TenantScope.committed(scope);
        return result;
      },
      setup,
    );
  }

  /** Ends what enter began, for a transaction of the service's own that scoped some of its work to tenants. */
  static async leave(tx: Tx): Promise<void> {
    await tx.execute(leaveTenant);
  }

  /**
   * Runs `work` as the service's own role, still in this transaction, then makes it the tenant's again:
   * for pg-boss creating a queue's table, which the tenant's role may not, and for the few questions
   * that span tenants (whom a caller shares a tenant with). Its statements are not held by the tenant
   * wall: each must name the tenants it reads, and what it writes must carry this scope's tenant id.
   */
  async asServiceRole<R>(work: (tx: Tx) => Promise<R>): Promise<R> {
    await this.#tx.execute(leaveTenantRole);
    const result = await this.#backToTenantIfFailed(() => work(this.#tx));
    await this.#tx.execute(enterTenantRole);
    return result;
  }

  /**
   * The transaction, for the tables no tenant owns that the service reads or writes in the caller's
   * transaction: the regulations (storedRegulations, versionsByChecksum), idempotency keys
   * (commitUnderKey). Still as the tenant's role, behind the wall. Not for tenant tables: those are
   * reached through the methods that add the tenant (tests/unit/tenant-scope-only.test.ts names the
   * functions this may be handed to).
   */
  sharedTables<R>(work: (tx: Tx) => R): R {
    return work(this.#tx);
  }

  /** pg-boss's executor in this transaction (server/db/job-sql.ts): a job sent or completed through it commits with it. */
  jobSql(): JobSql {
    return transactionJobSql(this.#tx);
  }

  /**
   * COPY ... FROM STDIN (server/db/copy.ts), as the service's own role: PostgreSQL refuses COPY FROM into
   * a table whose row-level security applies to the caller, and PGlite's copy reads a file (its blob),
   * which only a privileged role may. Rows copied into a tenant table must carry this scope's tenant id
   * themselves. The tenant's role is back once the copy ends.
   */
  async copyInto(table: string, columns: readonly string[]) {
    await this.#tx.execute(leaveTenantRole);
    const copy = await this.#backToTenantIfFailed(() => copyFrom(this.#tx, table, columns));
    return {
      write: copy.write,
      finish: async () => {
        await this.#backToTenantIfFailed(() => copy.finish());
        await this.#tx.execute(enterTenantRole);
      },
    };
  }

  /**
   * Runs work begun as the service's role; when it fails, the tenant's role is taken back before the
   * failure goes on, so that a caller who catches it never goes on past the wall. (A failure that
   * aborted the transaction makes that statement fail too: then nothing can run in it anyway.)
   */
  async #backToTenantIfFailed<R>(work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (error) {
      await Promise.resolve(this.#tx.execute(enterTenantRole)).catch(() => {});
      throw error;
    }
  }

  /**
   * Runs raw tenant SQL in the scope's transaction; its rows, whichever driver ran it. The statement
   * names its tenant itself: `scope.where(table)` for a table it names, `scope.tenantOf("e")` for one
   * it names by an alias.
   */
  async query<T = Record<string, unknown>>(statement: SQL): Promise<T[]> {
    return rowsOf<T>(await this.#tx.execute(statement));
  }

  /** As query, for a statement whose rows are not wanted (an update, an insert ... select, a lock). */
  async execute(statement: SQL): Promise<void> {
    await this.query(statement);
  }

  /** `<alias>.tenant_id = <the scope's tenant>`: for raw SQL (query, execute) that names a tenant table by an alias. */
  tenantOf(alias: string): SQL {
    if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`tenantOf: not an alias: ${alias}`);
    return sql`${sql.raw(alias)}.tenant_id = ${this.tenantId}::uuid`;
  }

  /** Something to do once this transaction's writes are visible to others (wake a job worker). */
  afterCommit(fn: () => void) {
    this.#afterCommit.push(fn);
  }

  /** For the functions that commit the transaction. */
  static committed(scope: TenantScope) {
    for (const fn of scope.#afterCommit.splice(0)) {
      try {
        fn();
      } catch (error) {
        console.error("after commit:", error);
      }
    }
  }

  /** `tenant_id = ?` and the given conditions: for joins and subqueries built by hand. */
  where<T extends TenantTable>(table: T, ...conditions: (SQL | undefined)[]): SQL {
    return and(eq(table.tenantId, this.tenantId), ...conditions)!;
  }

  /**
   * drizzle's select, scoped: the table it reads `from` (a tenant table, or `tenants`) gets
   * `tenant_id = <the scope's tenant>` in its WHERE, and every tenant table it joins gets it in its
   * ON (so a left join stays a left join); tables no tenant owns (users) get nothing. The rest is
   * drizzle's own builder: where, groupBy, orderBy, limit, for, or use as a subquery. Inner and left
   * joins only. For a read run on every request, a TenantRead (read) is cheaper.
   */
  select(): { from: ScopedFrom<undefined> };
  select<F extends SelectedFields>(fields: F): { from: ScopedFrom<F> };
  select(fields?: SelectedFields): { from: ScopedFrom<SelectedFields | undefined> } {
    const builder = fields ? this.#tx.select(fields) : this.#tx.select();
    const from = (table: TenantTable | typeof tenants) => this.#scoped(builder.from(table as PgTable));
    return { from: from as unknown as ScopedFrom<SelectedFields | undefined> };
  }

  /** The tenant condition of a table the scope reads: its tenant_id, or the id of `tenants`; none for a table no tenant owns. */
  #tenantCondition(table: unknown): SQL | undefined {
    if (!is(table, PgTable)) return undefined;
    const tenantId = (table as unknown as { tenantId?: unknown }).tenantId;
    if (is(tenantId, Column)) return eq(tenantId, this.tenantId);
    if ((table as unknown as Record<symbol, unknown>)[ORIGINAL_NAME] === "tenants")
      return eq((table as unknown as typeof tenants).id, this.tenantId);
    return undefined;
  }

  /** Puts the tenant conditions into the query as it is built into SQL (run, prepared, or used as a subquery), after all its joins are known. */
  #scoped<Q>(query: Q): Q {
    const select = query as unknown as { config: SelectConfig; getSQL(): SQL };
    const base = this.#tenantCondition(select.config.table);
    if (!base) throw new Error("scope.select: a tenant table (or tenants) to read from");
    const build = select.getSQL.bind(select);
    select.getSQL = () => {
      const { where, joins } = select.config;
      select.config.where = and(base, where);
      select.config.joins = joins?.map((join) => {
        const condition = this.#tenantCondition(join.table);
        if (!condition) return join;
        if (join.joinType !== "inner" && join.joinType !== "left")
          throw new Error(`scope.select: a ${join.joinType} join of a tenant table`);
        return { ...join, on: and(join.on, condition) };
      });
      try {
        return build();
      } finally {
        select.config.where = where;
        select.config.joins = joins;
      }
    };
    return query;
  }

  async rows<T extends TenantTable>(
    table: T,
    condition?: SQL,
    options: ReadOptions = {},
  ): Promise<InferSelectModel<T>[]> {
    let query = (this.#tx.select().from(table as PgTable) as unknown as LooseQuery).where(this.where(table, condition));
    if (options.orderBy?.length) query = query.orderBy(...options.orderBy);
    if (options.limit !== undefined) query = query.limit(options.limit);
    return (await query) as InferSelectModel<T>[];
  }

  async first<T extends TenantTable>(table: T, condition?: SQL, options: Omit<ReadOptions, "limit"> = {}) {
    const [row] = await this.rows(table, condition, { ...options, limit: 1 });
    return row ?? null;
  }

  /** Reads and locks the row for the rest of the transaction ("no key update": rows referring to it may still be inserted). */
  async lock<T extends TenantTable>(
    table: T,
    condition: SQL,
    strength: "update" | "no key update" = "update",
  ): Promise<InferSelectModel<T> | null> {
    const query = (this.#tx.select().from(table as PgTable) as unknown as LooseQuery)
      .where(this.where(table, condition))
      .for(strength);
    const [row] = (await query) as InferSelectModel<T>[];
    return row ?? null;
  }

  /** A TenantRead with these values, in this scope (its transaction, or the pool), for this tenant. */
  async read<V extends Record<string, unknown>, R>(
    statement: TenantRead<V, R>,
    values: V,
    variant = "default",
  ): Promise<R> {
    const template = statement.template(this.#tx, variant);
    const session = (this.#tx as unknown as { session: ReadSession }).session;
    const query = session.prepareQuery(
      { sql: template.queryString, params: template.params },
      template.fields,
      `${statement.name}:${variant}`,
      template._isResponseInArrayMode,
      template.customResultMapper,
    );
    query.joinsNotNullableMap = template.joinsNotNullableMap;
    return (await query.execute({ ...values, tenantId: this.tenantId })) as R;
  }

  /**
   * drizzle's insert for what insert and insertMany do not cover (ON CONFLICT, RETURNING some columns
   * or none): every row gets this scope's tenant id, whatever it carried.
   */
  insertInto<T extends TenantTable>(table: T) {
    const builder = this.#tx.insert(table);
    const withTenant = (row: InsertValues<T>) => ({ ...row, tenantId: this.tenantId });
    return {
      values: (rows: InsertValues<T> | readonly InsertValues<T>[]) =>
        builder.values((Array.isArray(rows) ? rows.map(withTenant) : withTenant(rows as InsertValues<T>)) as never),
    };
  }

  async insert<T extends TenantTable>(table: T, values: InsertValues<T>): Promise<InferSelectModel<T>> {
    const query = this.#tx.insert(table as PgTable) as unknown as LooseQuery;
    const [row] = await query.values({ ...values, tenantId: this.tenantId }).returning();
    return row as InferSelectModel<T>;
  }

  /** One round trip for many rows. */
  async insertMany<T extends TenantTable>(table: T, rows: InsertValues<T>[]): Promise<InferSelectModel<T>[]> {
    if (!rows.length) return [];
    const query = this.#tx.insert(table as PgTable) as unknown as LooseQuery;
    return (await query
      .values(rows.map((row) => ({ ...row, tenantId: this.tenantId })))
      .returning()) as InferSelectModel<T>[];
  }

  async update<T extends TenantTable>(table: T, set: UpdateSet<T>, condition: SQL) {
    const query = this.#tx.update(table as PgTable) as unknown as LooseQuery;
    return (await query.set(set).where(this.where(table, condition)).returning()) as InferSelectModel<T>[];
  }

  async delete<T extends TenantTable>(table: T, condition: SQL) {
    const query = this.#tx.delete(table as PgTable) as unknown as LooseQuery;
    return (await query.where(this.where(table, condition)).returning()) as InferSelectModel<T>[];
  }
}

/** What a TenantRead keeps of the query drizzle built once: its text, its parameters (placeholders among them) and how rows map back. */
type ReadTemplate = {
  queryString: string;
  params: unknown[];
  fields: unknown;
  _isResponseInArrayMode: boolean;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
};
type PreparedRead = { joinsNotNullableMap?: unknown; execute(values: Record<string, unknown>): Promise<unknown> };
type ReadSession = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string,
    arrayMode: boolean,
    mapper?: unknown,
  ): PreparedRead;
};
type Preparable = PromiseLike<unknown> & { prepare(name: string): unknown };

/** How a TenantRead's query names its values: `tenant(table)` is the scope's condition, `value(name)` one of the values it is run with. */
export type ReadParams<V> = {
  tenant(table: TenantTable): SQL;
  value<K extends keyof V & string>(name: K): Placeholder<K, V[K]>;
};

/**
 * A read whose SQL is built once per process. drizzle builds a query's text anew every time it runs,
 * which costs more CPU than the round trip for the short reads every API request makes (0.2-0.3 ms
 * for a plain select, measured). A TenantRead is built on first use with placeholders for its values
 * and the tenant, then sent as a prepared statement (PostgreSQL plans it once per connection) through
 * the scope it runs in: the pool for readInTenant, the caller's transaction for inTenant. `variant`
 * names a shape of the query (a role's visibility): each is built once.
 */
export class TenantRead<V extends Record<string, unknown>, R> {
  readonly #templates = new Map<string, ReadTemplate>();

  constructor(
    readonly name: string,
    private readonly build: (db: Tx, p: ReadParams<V>, variant: string) => Preparable,
  ) {}

  /** @internal for TenantScope.read */
  template(db: Tx, variant: string): ReadTemplate {
    let template = this.#templates.get(variant);
    if (!template) {
      const params: ReadParams<V> = {
        tenant: (table) => eq(table.tenantId, sql.placeholder("tenantId")),
        value: (name) => sql.placeholder(name),
      };
      // Only the query's text and shape are kept; the prepared query drizzle returns is bound to `db` and not used.
      template = this.build(db, params, variant).prepare(`${this.name}:${variant}`) as ReadTemplate;
      this.#templates.set(variant, template);
    }
    return template;
  }

  /** The rows' type only (never set): it lets TenantScope.read infer what a read returns. */
  declare readonly rows: R;
}

/** A TenantRead of the values V (`tenantRead<{ id: string }>()("name", (db, p) => db.select()...)`): rows as the query's own result. */
export function tenantRead<V extends Record<string, unknown>>() {
  return <Q extends Preparable>(name: string, build: (db: Tx, p: ReadParams<V>, variant: string) => Q) =>
    new TenantRead<V, Awaited<Q>>(name, build);
}

/** Runs a command in one transaction, scoped to the caller's tenant. */
export async function inTenant<R>(ctx: TenantCtx, work: (scope: TenantScope) => Promise<R>): Promise<R> {
  return inTenantOf(ctx.tenantId, work);
}

/** How often a transaction is run in all when PostgreSQL chose it as a deadlock's victim (or failed it to serialize): see mustRunAgain. */
export const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs background work for one tenant (the job worker), with the same scoping as a caller's command.
 * A transaction PostgreSQL rolled back as a deadlock's victim runs again from the start (its first
 * attempt left nothing: not a write, not a job, not an after-commit hook), up to TRANSACTION_ATTEMPTS
 * times: the caller gets its answer rather than a 500 for a conflict it could not see.
 */
export async function inTenantOf<R>(tenantId: string, work: (scope: TenantScope) => Promise<R>): Promise<R> {
  const { db } = await connection();
  for (let attempt = 1; ; attempt++) {
    let scope: TenantScope | undefined;
    try {
      const result = await db.transaction(async (tx) => {
        const entering = TenantScope.enter(tx as Tx, tenantId);
        scope = entering.scope;
        return bothSettled(entering.entered, work(scope));
      });
      TenantScope.committed(scope!);
      return result;
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !mustRunAgain(error)) throw error;
    }
  }
}

/** An error and the errors it was caused by (drizzle wraps the driver's), at most `depth` in all: where PostgreSQL's code is found. */
function* causesOf(
  error: unknown,
  depth = 5,
): Generator<{ code?: unknown; constraint_name?: unknown; constraint?: unknown }> {
  for (
    let e: unknown = error, n = 0;
    e && typeof e === "object" && n < depth;
    e = (e as { cause?: unknown }).cause, n++
  )
    yield e;
}

/** PostgreSQL's deadlock_detected (40P01) and serialization_failure (40001), or an error caused by one: the transaction was rolled back and may simply run again. */
export function mustRunAgain(error: unknown): boolean {
  for (const { code } of causesOf(error)) if (code === "40P01" || code === "40001") return true;
  return false;
}

/**
 * Work of the service across tenants, outside any tenant scope: as the service's own role, which the
 * tenant wall does not hold, so every statement must name the tenant of each row itself. For batch
 * writes that span tenants (a job worker recording many tenants' deliveries in one statement); a
 * tenant domain's verbs otherwise reach data only through a scope.
 */
export async function acrossTenants<R>(work: (db: Database) => Promise<R>): Promise<R> {
  return work((await connection()).db);
}

/**
 * Runs a read, scoped to the caller's tenant like inTenant, in a read-only transaction that the tenant
 * wall needs (its setting lives as long as a transaction). On PostgreSQL the BEGIN and the scope's
 * setting go ahead of the first read on a reserved connection, and the COMMIT after the last, without
 * waiting for either (server/db/read-transaction.ts): no round trip more than the reads' own. Under
 * READ COMMITTED each statement sees what was committed when it began, as on the pool. For reads
 * only; a command (anything that writes) runs in inTenant.
 */
export async function readInTenant<R>(ctx: TenantCtx, work: (scope: TenantScope) => Promise<R>): Promise<R> {
  const { db, kind } = await connection();
  const read = async (tx: Tx) => {
    const { scope, entered } = TenantScope.enter(tx, ctx.tenantId);
    const result = await bothSettled(entered, work(scope));
    TenantScope.committed(scope);
    return result;
  };
  if (kind === "postgres") return TenantScope.readOnPostgres(db, ctx.tenantId, work);
  return db.transaction((tx) => read(tx as Tx), { accessMode: "read only" });
}

/**
 * The work's result once the scope's setting and the work have both ended: the transaction is left
 * (committed or rolled back) only when none of its statements is still on the way, and a failed
 * setting fails the whole even where the work's statements did not say so.
 */
async function bothSettled<R>(entered: Promise<unknown>, work: Promise<R>): Promise<R> {
  const [setting, outcome] = await Promise.allSettled([entered, work]);
  if (setting.status === "rejected") throw setting.reason;
  if (outcome.status === "rejected") throw outcome.reason;
  return outcome.value;
}

/** Postgres unique violation (code 23505), optionally of one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const candidate of causesOf(error)) {
    if (candidate.code === "23505")
      return !constraint || candidate.constraint_name === constraint || candidate.constraint === constraint;
  }
  return false;
}
