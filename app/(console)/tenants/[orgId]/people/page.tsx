import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { type SearchParams, consolePage } from "@/components/console/page";
import type { Option } from "@/components/people/labels";
import { InvitationsTable } from "@/components/people/invitations-table";
import { InviteForm } from "@/components/people/invite-form";
import { MembersTable } from "@/components/people/members-table";
import { Card, PageHeader } from "@/components/ui/card";
import { consoleCan } from "@/server/auth/console-session";
import { listAllEmployees } from "@/server/employees/list-employees";
import { allPages, MAX_PAGE } from "@/server/http/pagination";
import { listInvitations } from "@/server/invitations/manage-invitations";
import { listMemberships } from "@/server/memberships/manage-memberships";
import { listPayrolls } from "@/server/payrolls/get-payroll";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("people");
  return { title: t("title") };
}

export default async function PeoplePage({
  params,
  searchParams,
}: {
  params: Promise<{ orgId: string }>;
  searchParams: SearchParams;
}) {
  const { ctx, orgId } = await consolePage(params, { permission: "membership.read" });
  // From an employee's page ("Invite to Self Service"): the form starts as Self Service for that record.
  const { employee: forEmployee } = await searchParams;
  const canWrite = consoleCan(ctx, "membership.write");

  const members = await allPages((cursor) => listMemberships({ ctx, input: { limit: MAX_PAGE, cursor } }));
  const invitations = await allPages((cursor) =>
    listInvitations({ ctx, input: { status: "pending", limit: MAX_PAGE, cursor } }),
  );
  const payrolls: Option[] = (
    await allPages((cursor) => listPayrolls({ ctx, input: { limit: MAX_PAGE, cursor } }))
  ).map((p) => ({ id: p.id, label: p.name }));
  // Former employees too: a Self Service link outlives the employment (payslips, certificates).
  const employees: Option[] = (await listAllEmployees({ ctx }))
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
