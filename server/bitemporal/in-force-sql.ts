import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * valueInForce (server/bitemporal/in-force.ts) as an ORDER BY over case_values (named `alias` in the query), for a
 * reader that picks the value in SQL (`... ORDER BY inForceFirst(alias, date) LIMIT 1`): values whose validity
 * covers the date first, of those the one recorded last (record time to the millisecond, as a Date holds it,
 * then the time-ordered id); when none covers the date, the one recorded last (lastRecorded). Both are checked
 * against each other over random histories (tests/integration/in-force-sql.test.ts): change one, change the other.
 */
export function inForceFirst(alias: string, date: string | SQLWrapper): SQL {
  const v = sql.identifier(alias);
  return sql`(${v}."start" <= ${date}::date and (${v}."end" is null or ${date}::date <= ${v}."end")) desc, date_trunc('milliseconds', ${v}."created_at") desc, ${v}."id" desc`;
}
