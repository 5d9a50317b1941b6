"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { PostCaseChange } from "@/server/cases/schemas";
import { apiRequest } from "@/components/forms/api";
import { caseProblem } from "@/components/cases/messages";
import { DateField } from "@/components/forms/date-field";
import { useProblems } from "@/components/forms/use-problems";
import { parseDateInput } from "@/components/format/swiss";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";

export type AssignableEmployee = { id: string; identifier: string; name: string; costCenter: string | null };
type Outcome = { done: number; total: number; failed: { name: string; message: string }[]; running: boolean };

/**
 * Assigns one cost center to many employees: one case change (POST .../cases, the documented API)
 * per selected employee, one after the other, with the progress and a summary naming each failure.
 */
export function BulkAssignCostCenter({
  orgId,
  payrollId,
  employees,
  costCenters,
  defaultStart,
  canWrite,
}: {
  orgId: string;
  payrollId: string;
  employees: AssignableEmployee[];
  costCenters: { key: string; value: string }[];
  defaultStart: string;
  canWrite: boolean;
}) {
  const router = useRouter();
  const t = useTranslations("employees.bulk");
  const problems = useProblems();
  const without = employees.filter((e) => e.costCenter === null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [costCenter, setCostCenter] = useState(costCenters.length === 1 ? costCenters[0]!.key : "");
  const [start, setStart] = useState(defaultStart);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const names = new Map(costCenters.map((c) => [c.key, c.value]));

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function assign() {
    setProblem(null);
    if (!selected.size) return setProblem(t("selectOne"));
    if (!costCenter) return setProblem(t("chooseCostCenter"));
    const from = parseDateInput(start);
    if (!from) return setProblem(t("enterDate"));
    const chosen = employees.filter((e) => selected.has(e.id));
    const failed: Outcome["failed"] = [];
    let done = 0;
    setOutcome({ done, total: chosen.length, failed, running: true });
    for (const employee of chosen) {
      const body: PostCaseChange = {
        caseName: "CostCenter",
        employeeId: employee.id,
        reason: t("reason"),
        values: [{ caseFieldName: "CostCenter", value: costCenter, start: from }],
      };
      try {
        await apiRequest(`/tenants/${orgId}/payrolls/${payrollId}/cases`, { method: "POST", body });
        done += 1;
      } catch (error) {
        failed.push({ name: employee.name, message: caseProblem(error, problems.t) });
      }
      setOutcome({ done, total: chosen.length, failed: [...failed], running: true });
    }
    setOutcome({ done, total: chosen.length, failed, running: false });
    if (done) {
      setSelected(new Set());
      router.refresh();
    }
  }

  return (
    <form
      aria-label={t("label")}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void assign();
      }}
    >
      <p className="text-sm text-slate-700">
        {without.length ? t("without", { count: without.length }) : t("everyoneHasOne")}
      </p>
      {employees.length ? (
        <fieldset disabled={!canWrite || outcome?.running} className="min-w-0">
          <legend className="sr-only">{t("employees")}</legend>
          <div className="mb-2 flex flex-wrap gap-3 text-sm">
            <button
              type="button"
              className="font-medium text-sky-800 underline-offset-2 hover:underline"
              onClick={() => setSelected(new Set(without.map((e) => e.id)))}
            >
              {t("selectWithout")}
            </button>
            <button
              type="button"
              className="font-medium text-sky-800 underline-offset-2 hover:underline"
              onClick={() => setSelected(new Set(employees.map((e) => e.id)))}
            >
              {t("selectAll")}
            </button>
            <button
              type="button"
              className="font-medium text-slate-600 underline-offset-2 hover:underline"
              onClick={() => setSelected(new Set())}
            >
              {t("clear")}
            </button>
          </div>
          <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
            {employees.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm hover:bg-slate-50"
              >
                <label className="flex cursor-pointer items-center gap-3">
                  <input
                    type="checkbox"
                    checked={selected.has(e.id)}
                    onChange={(event) => toggle(e.id, event.target.checked)}
                    className="size-4"
                  />
                  <span className="font-medium text-slate-900">{e.name}</span>
                </label>
                <span className="text-slate-500">{e.identifier}</span>
                <span className={`ml-auto text-xs ${e.costCenter ? "text-slate-600" : "font-medium text-amber-800"}`}>
                  {e.costCenter ? `${e.costCenter} · ${names.get(e.costCenter) ?? ""}` : t("noCostCenter")}
                </span>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {canWrite && employees.length ? (
        <div className="grid items-end gap-4 sm:grid-cols-[1fr_12rem_auto]">
          <SelectField
            label={t("costCenter")}
            value={costCenter}
            onChange={(event) => setCostCenter(event.target.value)}
            disabled={outcome?.running}
          >
            <option value="">{t("choose")}</option>
            {costCenters.map((c) => (
              <option key={c.key} value={c.key}>
                {c.key} · {c.value}
              </option>
            ))}
          </SelectField>
          <DateField label={t("validFrom")} value={start} onChange={setStart} disabled={outcome?.running} />
          <Button type="submit" disabled={outcome?.running || !selected.size}>
            {outcome?.running
              ? t("assigning", { current: outcome.done + outcome.failed.length + 1, total: outcome.total })
              : t("assign", { count: selected.size })}
          </Button>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <div role="status" aria-live="polite" className="text-sm">
        {outcome ? (
          <div
            className={`rounded-md border px-4 py-3 ${outcome.failed.length ? "border-amber-200 bg-amber-50 text-amber-900" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}
          >
            <p className="font-medium">
              {t(outcome.running ? "progress" : "summary", {
                done: outcome.done,
                total: outcome.total,
                failed: outcome.failed.length,
              })}
            </p>
            {outcome.failed.length ? (
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {outcome.failed.map((f, index) => (
                  <li key={`${f.name}-${index}`}>{t("failure", { name: f.name, message: f.message })}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </form>
  );
}
