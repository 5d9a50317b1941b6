import "server-only";
import { PostgresJsSession, PostgresJsTransaction } from "drizzle-orm/postgres-js/session";
import type { Database, Tx } from "./client";
import { preparingClient } from "./prepared";

type Reserved = { unsafe(text: string): Promise<unknown> & { simple(): Promise<unknown> }; release(): void };
type Pool = { reserve(): Promise<Reserved> };
type Internals = { dialect: unknown; session: { options: unknown }; _: { schema: unknown }; $client: Pool };

/**
 * A read-only transaction on PostgreSQL that costs no round trip of its own: on a reserved connection
 * postgres.js sends statements one after the other without waiting for the answers (pipelining), so the
 * BEGIN goes out with the first read, and the COMMIT after the last is sent while the caller already
 * has its answer. The connection goes back to the pool once the COMMIT is answered, never inside the
 * transaction. drizzle's own transaction waits for its BEGIN and its COMMIT: two round trips more on
 * every API read, which this avoids. A failed statement aborts the transaction; the COMMIT then ends it
 * as a rollback. `setup` is SQL sent with the BEGIN, in the same message (a tenant scope's settings).
 */
export async function reservedReadTransaction<R>(db: Database, work: (tx: Tx) => Promise<R>, setup = ""): Promise<R> {
  const internals = db as unknown as Internals;
  const reserved = await internals.$client.reserve();
  // One message in the simple protocol: BEGIN and the setup (its text is the caller's constant or checked value).
  const begun = reserved.unsafe(`begin transaction read only${setup ? `; ${setup}` : ""}`).simple();
  begun.catch(() => {});
  const session = new PostgresJsSession(
    preparingClient(reserved) as never,
    internals.dialect as never,
    internals._.schema as never,
    internals.session.options as never,
  );
  const tx = new PostgresJsTransaction(
    internals.dialect as never,
    session,
    internals._.schema as never,
  ) as unknown as Tx;
  try {
    const result = await work(tx);
    await begun;
    return result;
  } finally {
    reserved
      .unsafe("commit")
      .simple()
      .catch(() => {})
      .finally(() => reserved.release());
  }
}
