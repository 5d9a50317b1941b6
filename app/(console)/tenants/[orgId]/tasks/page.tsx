import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { type SearchParams, consolePage, firstParam } from "@/components/console/page";
import { employeeNames } from "@/components/periods/load";
import { TASK_FILTERS, type TaskFilter } from "@/components/tasks/labels";
import { TaskList } from "@/components/tasks/task-list";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan } from "@/server/auth/console-session";
import { Invalid } from "@/server/errors";
import { todayInZurich } from "@/server/dates";
import { payrollNames } from "@/server/results/vocabulary";
import { listTasks } from "@/server/tasks/read-tasks";
import { ListTasksQuery } from "@/server/tasks/schemas";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("tasks");
  return { title: t("title") };
}

const PAGE_SIZE = "50";

export default async function TasksPage({
  params,
  searchParams,
}: {
  params: Promise<{ orgId: string }>;
  searchParams: SearchParams;
}) {
  const { ctx, orgId, payroll } = await consolePage(params, { permission: "task.read", needsPayroll: true });
  const t = await getTranslations("tasks");
  const sp = await searchParams;
  const base = `/tenants/${orgId}/tasks`;
  const filter: TaskFilter = TASK_FILTERS.find((f) => f === firstParam(sp.status)) ?? "open";

  const parsed = ListTasksQuery.safeParse({
    status: filter === "all" ? undefined : filter,
    cursor: firstParam(sp.cursor),
    limit: PAGE_SIZE,
  });
  let problem: string | null = null;
  let page: Awaited<ReturnType<typeof listTasks>> | null = null;
  try {
    page = await listTasks({
      ctx,
      payrollId: payroll.id,
      input: parsed.success
        ? parsed.data
        : ListTasksQuery.parse({ status: filter === "all" ? undefined : filter, limit: PAGE_SIZE }),
    });
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    problem = t("invalidLink");
  }
  const names = await employeeNames(ctx);
  // The display names of the cases and fields that employees' reported changes name.
  const caseNames = new Set(
    (page?.items ?? []).map((task) => task.details.caseName).filter((name): name is string => typeof name === "string"),
  );
  const cases = caseNames.size
    ? (await payrollNames({ ctx, payrollId: payroll.id, date: todayInZurich() })).cases.filter((c) =>
        caseNames.has(c.name),
      )
    : [];
  const hrefOf = (status: TaskFilter, cursor?: string) => {
    const q = new URLSearchParams();
    if (status !== "open") q.set("status", status);
    if (cursor) q.set("cursor", cursor);
    return q.size ? `${base}?${q.toString()}` : base;
  };

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Card
        title={t(`listTitle.${filter}`)}
        actions={
          <nav aria-label={t("filterLabel")} className="flex gap-1">
            {TASK_FILTERS.map((f) => (
              <Link
                key={f}
                href={hrefOf(f)}
                aria-current={f === filter ? "page" : undefined}
                className={`rounded-md px-2.5 py-1 text-sm font-medium ${f === filter ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {t(`filters.${f}`)}
              </Link>
            ))}
          </nav>
        }
      >
        {problem ? <Alert tone="warning">{problem}</Alert> : null}
        {page ? (
          <TaskList
            orgId={orgId}
            payrollId={payroll.id}
            tasks={page.items}
            names={names}
            cases={cases}
            canWrite={consoleCan(ctx, "task.write")}
          />
        ) : null}
        {page?.nextCursor ? (
          <p className="mt-4 text-sm">
            <Link
              href={hrefOf(filter, page.nextCursor)}
              className="font-medium text-sky-800 underline underline-offset-2"
            >
              {t("older")}
            </Link>
          </p>
        ) : null}
      </Card>
    </>
  );
}
