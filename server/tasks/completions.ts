import "server-only";
import type { Caller, TenantCtx } from "../context";
import type { tasks, TaskActor, TaskKind, TaskResolution } from "../db/schema";
import type { TenantScope } from "../db/tenant-scope";

/**
 * What completing a task of a kind does besides closing it, in the same transaction (the
 * self-service change applies or discards the reported change). Registered by the domain that owns
 * the kind; a refusal thrown here rolls the whole update back. Kept apart from update-task.ts so
 * that a domain can register without importing the verb that imports it.
 */
export type TaskCompletion = (
  scope: TenantScope,
  ctx: TenantCtx,
  task: typeof tasks.$inferSelect,
  resolution: TaskResolution | null,
  input: { reason: string | null },
) => Promise<void>;

const completions = new Map<TaskKind, TaskCompletion>();

export function onTaskCompleted(kind: TaskKind, completion: TaskCompletion) {
  completions.set(kind, completion);
}

export const completionOf = (kind: TaskKind) => completions.get(kind);

/** Who completed a task or decided a change: the caller as the API shows it. */
export const actorOf = (caller: Caller): TaskActor =>
  caller.kind === "system"
    ? { kind: "system", id: caller.systemUserId, name: caller.name }
    : { kind: "person", id: caller.userId, name: caller.name };
