import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { Option } from "@/components/people/labels";
import { InvitationsTable } from "@/components/people/invitations-table";
import { InviteForm } from "@/components/people/invite-form";
import { MembersTable } from "@/components/people/members-table";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan, requireConsoleTenant } from "@/server/auth/console-session";
import { listEmployees } from "@/server/employees/list-employees";
import { ListEmployeesQuery } from "@/server/employees/schemas";
import type { Page } from "@/server/http/pagination";
import { listInvitations } from "@/server/invitations/manage-invitations";
import { listMemberships } from "@/server/memberships/manage-memberships";
import { listPayrolls } from "@/server/payrolls/get-payroll";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("people");
  return { title: t("title") };
}

const LIMIT = 500;

/** Every page of a list, one after the other (the embedded database runs one transaction at a time). */
async function all<T>(load: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await load(cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

export default async function PeoplePage({
  params,
  searchParams,
}: {
  params: Promise<{ orgId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { orgId } = await params;
  // From an employee's page ("Invite to Self Service"): the form starts as Self Service for that record.
  const { employee: forEmployee } = await searchParams;
  const ctx = await requireConsoleTenant(orgId);
  if (!consoleCan(ctx, "membership.read")) notFound();
  const canWrite = consoleCan(ctx, "membership.write");

  const members = await all((cursor) => listMemberships({ ctx, input: { limit: LIMIT, cursor } }));
  const invitations = await all((cursor) =>
    listInvitations({ ctx, input: { status: "pending", limit: LIMIT, cursor } }),
  );
  const payrolls: Option[] = (await all((cursor) => listPayrolls({ ctx, input: { limit: LIMIT, cursor } }))).map(
    (p) => ({ id: p.id, label: p.name }),
  );
  // Former employees too: a Self Service link outlives the employment (payslips, certificates).
  const employees: Option[] = (
    await all((cursor) =>
      listEmployees({ ctx, input: ListEmployeesQuery.parse({ includeFormer: "true", limit: String(LIMIT), cursor }) }),
    )
  )
    .map((e) => ({ id: e.id, label: `${e.lastName}, ${e.firstName} (${e.identifier})` }))
    .sort((a, b) => a.label.localeCompare(b.label, "de-CH"));
  const currentUserId = ctx.caller.kind === "person" ? ctx.caller.userId : "";
  const t = await getTranslations("people");

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Card title={t("members")} description={t("membersCount", { count: members.length })}>
          <MembersTable
            orgId={orgId}
            members={members}
            payrolls={payrolls}
            employees={employees}
            currentUserId={currentUserId}
            canWrite={canWrite}
          />
        </Card>
        <Card title={t("pendingInvitations")} description={t("pendingDescription")}>
          <InvitationsTable
            orgId={orgId}
            invitations={invitations}
            payrolls={payrolls}
            employees={employees}
            canWrite={canWrite}
          />
        </Card>
        {canWrite ? (
          <section id="invite" className="scroll-mt-16">
            <Card title={t("inviteTitle")} description={t("inviteDescription")}>
              <InviteForm
                orgId={orgId}
                payrolls={payrolls}
                employees={employees}
                selfServiceFor={employees.find((e) => e.id === forEmployee)?.id}
              />
            </Card>
          </section>
        ) : null}
      </div>
    </>
  );
}
