"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Fragment, useState } from "react";
import { useForm, type Control, type UseFormRegister } from "react-hook-form";
import type { z } from "zod";
import { Cell, HeaderCell, Table, TableBody, TableHead } from "@/components/ui/table";
import { UpdateMembership, type Membership } from "@/server/memberships/schemas";
import { apiRequest } from "@/components/forms/api";
import { useZodResolver } from "@/components/forms/zod-resolver";
import { useProblems } from "@/components/forms/use-problems";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useFormat } from "@/components/format/use-format";
import { scopeLabel, type Option } from "./labels";
import { RoleFields, roleLinks, type RoleValues } from "./role-fields";

const FIELDS = ["role", "payrollIds", "employeeId"] as const;

type Props = {
  orgId: string;
  members: Membership[];
  payrolls: readonly Option[];
  employees: readonly Option[];
  currentUserId: string;
  canWrite: boolean;
};

function ChangeRoleForm({
  orgId,
  member,
  payrolls,
  employees,
  self,
  onDone,
}: {
  orgId: string;
  member: Membership;
  payrolls: readonly Option[];
  employees: readonly Option[];
  self: boolean;
  onDone: () => void;
}) {
  const t = useTranslations("people");
  const problems = useProblems();
  const tUi = useTranslations("ui");
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof UpdateMembership>, unknown, UpdateMembership>({
    resolver: useZodResolver(UpdateMembership),
    defaultValues: {
      role: member.role,
      payrollIds: member.role === "Manager" ? member.payrollIds : payrolls.length === 1 ? [payrolls[0]!.id] : [],
      employeeId: member.employeeId ?? undefined,
    },
  });
  // Memberships carry no version: the last change wins, which is fine for a role.
  const update = useMutation({
    mutationFn: (input: UpdateMembership) =>
      apiRequest<Membership>(`/tenants/${orgId}/user_memberships/${member.id}`, {
        method: "PUT",
        body: roleLinks(input),
      }),
    onSuccess: () => {
      onDone();
      router.refresh();
    },
    onError: (error) => setFormError(problems.apply(error, FIELDS, form.setError)),
  });
  const name = member.user?.name ?? member.user?.email ?? t("thisPerson");
  return (
    <form
      noValidate
      aria-label={t("changeRoleOf", { name })}
      className="space-y-4"
      onSubmit={form.handleSubmit((input) => {
        setFormError(null);
        update.mutate(input);
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {self ? <Alert tone="warning">{t("selfWarning")}</Alert> : null}
      <div className="grid gap-4 sm:max-w-md">
        <RoleFields
          control={form.control as unknown as Control<RoleValues>}
          register={form.register as unknown as UseFormRegister<RoleValues>}
          errors={form.formState.errors}
          payrolls={payrolls}
          employees={employees}
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? tUi("saving") : t("saveRole")}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          {tUi("cancel")}
        </Button>
      </div>
    </form>
  );
}

/** Who has access, with their role and what it reaches; change the role or remove the access. */
export function MembersTable({ orgId, members, payrolls, employees, currentUserId, canWrite }: Props) {
  const t = useTranslations("people");
  const problems = useProblems();
  const tScope = useTranslations("people.scope");
  const tRoles = useTranslations("common.roles");
  const format = useFormat();
  const router = useRouter();
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Membership | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (member: Membership) =>
      apiRequest<null>(`/tenants/${orgId}/user_memberships/${member.id}`, { method: "DELETE" }),
    onSuccess: () => {
      setRemoving(null);
      router.refresh();
    },
    onError: (problem) => {
      setRemoving(null);
      setError(problems.message(problem));
    },
  });
  const removingSelf = removing?.userId === currentUserId;
  return (
    <div className="space-y-3">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <Table caption={t("members")}>
          <TableHead>
            <tr>
              <HeaderCell size="roomy">{t("columns.person")}</HeaderCell>
              <HeaderCell size="roomy">{t("columns.role")}</HeaderCell>
              <HeaderCell size="roomy">{t("columns.accessTo")}</HeaderCell>
              <HeaderCell size="roomy">{t("columns.since")}</HeaderCell>
              {canWrite ? (
                <HeaderCell size="roomy">
                  <span className="sr-only">{t("columns.actions")}</span>
                </HeaderCell>
              ) : null}
            </tr>
          </TableHead>
          <TableBody>
            {members.map((member) => (
              <Fragment key={member.id}>
                <tr>
                  <Cell size="roomy">
                    <span className="block font-medium text-slate-900">
                      {member.user?.name ?? "—"}
                      {member.userId === currentUserId ? (
                        <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
                          {t("you")}
                        </span>
                      ) : null}
                    </span>
                    <span className="block text-xs text-slate-500">{member.user?.email}</span>
                  </Cell>
                  <Cell size="roomy" data-testid="member-role">
                    {tRoles(member.role)}
                  </Cell>
                  <Cell size="roomy" className="text-slate-700">
                    {scopeLabel(member, payrolls, employees, tScope)}
                  </Cell>
                  <Cell size="roomy" className="whitespace-nowrap text-slate-600">
                    {format.date(member.createdAt)}
                  </Cell>
                  {canWrite ? (
                    <Cell size="roomy">
                      <div className="flex justify-end gap-2 whitespace-nowrap">
                        <Button
                          variant="secondary"
                          className="px-2.5 py-1 text-xs"
                          onClick={() => setEditing(editing === member.id ? null : member.id)}
                          aria-expanded={editing === member.id}
                        >
                          {t("changeRole")}
                        </Button>
                        <Button
                          variant="ghost"
                          className="px-2.5 py-1 text-xs text-red-700"
                          onClick={() => {
                            setError(null);
                            setRemoving(member);
                          }}
                        >
                          {t("removeAccess")}
                        </Button>
                      </div>
                    </Cell>
                  ) : null}
                </tr>
                {editing === member.id ? (
                  <tr className="bg-slate-50">
                    <td colSpan={5} className="px-4 py-4">
                      <ChangeRoleForm
                        orgId={orgId}
                        member={member}
                        payrolls={payrolls}
                        employees={employees}
                        self={member.userId === currentUserId}
                        onDone={() => setEditing(null)}
                      />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={t("removeTitle")}
        confirmLabel={t("removeAccess")}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      >
        <p>
          {t.rich("removeBody", {
            name: removing?.user?.name ?? "",
            email: removing?.user?.email ?? "",
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
        {removingSelf ? <p className="font-medium text-red-800">{t("removeSelf")}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
