import "server-only";

/**
 * The most parameters a query may have to be kept prepared. Above it (inserts of many rows, long id
 * lists) each text is rare and large, and would only fill the connection's cache of statements.
 */
export const PREPARE_UP_TO_PARAMETERS = 100;

type UnsafeOptions = { prepare?: boolean } & Record<string, unknown>;
type Callback = (sql: unknown) => unknown;

/**
 * The postgres.js client drizzle is given, sending queries with parameters as prepared statements.
 * drizzle runs a query through postgres.js's `unsafe` with `prepare: false` unless the query was given a
 * name; postgres.js then sends such a query's text for the server to parse and describe, waits for the
 * description, and only then binds and runs it: two round trips and a parse and plan on every run, and
 * no pipelining. Prepared, a query is parsed once per connection (postgres.js keeps the statement by its
 * text and parameter types) and each later run is one round trip. Transactions and savepoints hand
 * their callback the same kind of client. A query without parameters already goes in one round trip (the
 * simple protocol) and is left alone, as is a client set up with `prepare: false` (postgres.js's own
 * setting still decides).
 */
export function preparingClient<S extends object>(sql: S): S {
  return new Proxy(sql, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "unsafe") {
        return (query: string, args?: unknown, options?: UnsafeOptions) => {
          const prepared =
            Array.isArray(args) &&
            args.length > 0 &&
            args.length <= PREPARE_UP_TO_PARAMETERS &&
            options?.prepare !== true;
          return value.call(target, query, args, prepared ? { ...options, prepare: true } : options);
        };
      }
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          const callback = args.pop() as Callback;
          return value.call(target, ...args, (inner: object) => callback(preparingClient(inner)));
        };
      }
      return value;
    },
  });
}
