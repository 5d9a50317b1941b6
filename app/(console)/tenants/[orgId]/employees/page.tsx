import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Cell, HeaderCell, Table, TableBody, TableHead } from "@/components/ui/table";
import { type SearchParams, consolePage, firstParam } from "@/components/console/page";
import { EmployeeFilters } from "@/components/employees/employee-filters";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { getFormat } from "@/components/format/server";
import { consoleCan } from "@/server/auth/console-session";
import { listEmployees } from "@/server/employees/list-employees";
import { ListEmployeesQuery } from "@/server/employees/schemas";
import { Invalid } from "@/server/errors";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("employees.list");
  return { title: t("title") };
}

const PAGE_SIZE = "25";

export default async function EmployeesPage({
  params,
  searchParams,
}: {
  params: Promise<{ orgId: string }>;
  searchParams: SearchParams;
}) {
  const { ctx, orgId } = await consolePage(params);
  const sp = await searchParams;
  const [t, format] = await Promise.all([getTranslations("employees.list"), getFormat()]);
  const base = `/tenants/${orgId}/employees`;

  const parsed = ListEmployeesQuery.safeParse({
    includeFormer: firstParam(sp.includeFormer),
    search: firstParam(sp.search),
    cursor: firstParam(sp.cursor),
    limit: PAGE_SIZE,
  });
  const query = parsed.success ? parsed.data : ListEmployeesQuery.parse({ limit: PAGE_SIZE });
  let page: Awaited<ReturnType<typeof listEmployees>> | null = null;
  let problem: string | null = parsed.success ? null : t("filtersIgnored");
  try {
    page = await listEmployees({ ctx, input: query });
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    problem = t("linkInvalid");
  }

  const nextHref = (() => {
    if (!page?.nextCursor) return null;
    const next = new URLSearchParams();
    if (query.includeFormer) next.set("includeFormer", "true");
    if (query.search) next.set("search", query.search);
    next.set("cursor", page.nextCursor);
    return `${base}?${next.toString()}`;
  })();
  const firstHref = (() => {
    const first = new URLSearchParams();
    if (query.includeFormer) first.set("includeFormer", "true");
    if (query.search) first.set("search", query.search);
    return first.size ? `${base}?${first.toString()}` : base;
  })();
  const created = firstParam(sp.created);

  return (
    <>
      <PageHeader
        title={t("title")}
        description={query.includeFormer ? t("descriptionAll") : t("descriptionCurrent")}
        actions={
          consoleCan(ctx, "employee.write") ? <ButtonLink href={`${base}/new`}>{t("newEmployee")}</ButtonLink> : null
        }
      />
      <div className="space-y-4">
        {created ? <Alert tone="success">{t("created", { identifier: created })}</Alert> : null}
        <EmployeeFilters />
        {problem ? (
          <Alert tone="warning">
            {problem}{" "}
            <Link className="underline" href={base}>
              {t("showFirstPage")}
            </Link>
          </Alert>
        ) : null}
        {page ? (
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs">
            <Table caption={t("title")}>
              <TableHead>
                <tr>
                  <HeaderCell size="roomy">{t("columns.identifier")}</HeaderCell>
                  <HeaderCell size="roomy">{t("columns.name")}</HeaderCell>
                  <HeaderCell size="roomy">{t("columns.status")}</HeaderCell>
                  <HeaderCell size="roomy">{t("columns.entry")}</HeaderCell>
                  <HeaderCell size="roomy">{t("columns.exit")}</HeaderCell>
                </tr>
              </TableHead>
              <TableBody>
                {page.items.map((employee) => (
                  <tr key={employee.id} className="hover:bg-slate-50">
                    <Cell size="roomy" className="font-mono text-slate-700">
                      {employee.identifier}
                    </Cell>
                    <Cell size="roomy">
                      <Link href={`${base}/${employee.id}`} className="font-medium text-slate-900 hover:underline">
                        {employee.lastName}, {employee.firstName}
                      </Link>
                    </Cell>
                    <Cell size="roomy">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-medium ${employee.employed ? "bg-emerald-50 text-emerald-800" : "bg-slate-100 text-slate-600"}`}
                      >
                        {employee.employed ? t("current") : t("former")}
                      </span>
                    </Cell>
                    <Cell size="roomy" className="text-slate-600">
                      {employee.entryDate ? format.date(employee.entryDate) : "—"}
                    </Cell>
                    <Cell size="roomy" className="text-slate-600">
                      {employee.exitDate ? format.date(employee.exitDate) : "—"}
                    </Cell>
                  </tr>
                ))}
                {page.items.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="px-4 py-8 text-center text-slate-500">
                      {query.search ? t("noMatch", { search: query.search }) : t("none")}
                    </td>
                  </tr>
                ) : null}
              </TableBody>
            </Table>
          </div>
        ) : null}
        <nav aria-label={t("pages")} className="flex justify-between text-sm">
          {query.cursor ? (
            <Link href={firstHref} className="text-slate-700 underline">
              {t("firstPage")}
            </Link>
          ) : (
            <span />
          )}
          {nextHref ? (
            <Link href={nextHref} className="text-slate-700 underline">
              {t("nextPage")}
            </Link>
          ) : null}
        </nav>
      </div>
    </>
  );
}
