import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { ApiProblem } from "@/components/forms/api";
import { applyProblem, fieldProblemText, problemText, type ProblemTranslator } from "@/components/forms/problem";
import type { z } from "zod";
import { caseFieldProblem, caseProblem } from "@/components/cases/messages";
import { validationText, type ValidationTranslator } from "@/components/forms/validation";
import { formatDateTimeInput, formatterFor, parseDateInput, parseDateTimeInput } from "@/components/format/swiss";
import { CreateEmployee } from "@/server/employees/schemas";
import { Invite } from "@/server/invitations/schemas";
import { UpdatePayroll } from "@/server/payrolls/schemas";
import { LOCALES, type Locale } from "@/i18n/locales";
import { allOperations } from "@/server/docs/all-operations";
import { problemsOf } from "@/server/http/common-problems";

/**
 * Problems shown in forms are worded from the API's stable `code` and `errors[].path` in the
 * person's language, never from the English `detail` (issue 12 item 5, contract 9c): the mapping in
 * components/forms/problem.ts over the catalogs messages/<locale>/problems.json.
 */
const root = path.resolve(__dirname, "../..");
const catalog = (locale: Locale) =>
  JSON.parse(readFileSync(path.join(root, "messages", locale, "problems.json"), "utf8"));
const translator = (locale: Locale) =>
  createTranslator({
    locale,
    messages: { problems: catalog(locale) },
    namespace: "problems",
    onError: (error) => {
      throw error;
    },
  }) as unknown as ProblemTranslator;

const ENGLISH_DETAIL = "An English detail the console must not show";

const DOTTED = /^[a-z_]+(\.[a-z_]+)+$/;

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name)) files.push(relative);
    }
  };
  walk("server");
  walk("app/api");
  return files;
}

/**
 * Every code the service's errors carry: the first dotted string argument of `new Conflict(...)` and friends, `${what}.not_found` of NotFound,
 * the code of a problem answered directly (`problemResponse(status, code, ...)`).
 */
function serverCodes(): string[] {
  const files = sourceFiles();
  const classes = new Set([
    "BadRequest",
    "Conflict",
    "Forbidden",
    "Unauthenticated",
    "PreconditionFailed",
    "Invalid",
    "NotFound",
  ]);
  const codes = new Set<string>([
    "auth.unauthenticated",
    "auth.forbidden",
    "request.method_not_allowed",
    "request.precondition_failed",
    "request.too_large",
    "request.unsupported_media_type",
    "validation.failed",
  ]);
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      let args: readonly ts.Expression[] | undefined;
      let notFound = false;
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && classes.has(node.expression.text)) {
        args = node.arguments;
        notFound = node.expression.text === "NotFound";
      } else if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.getText() === "Invalid.field"
      ) {
        args = node.arguments;
      } else if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === "problemResponse"
      ) {
        args = node.arguments.slice(1, 2);
      }
      const literals = (args ?? []).filter((a): a is ts.StringLiteral => ts.isStringLiteral(a)).map((a) => a.text);
      const dotted = literals.filter((l) => DOTTED.test(l));
      if (notFound && literals[0] && /^[a-z_]+$/.test(literals[0])) codes.add(dotted[0] ?? `${literals[0]}.not_found`);
      else for (const code of dotted) codes.add(code);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...codes].sort();
}

/**
 * Codes of the items a problem carries (`items[].code`, e.g. a payout's missing data, the ELM declaration's notes):
 * `code: "..."`, `readonly code = "..."`, and the argument of a function of the same file whose parameter is `code`.
 */
function itemCodes(): string[] {
  const codes = new Set<string>();
  const add = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteral(node) && DOTTED.test(node.text)) codes.add(node.text);
  };
  for (const file of sourceFiles()) {
    const source = ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
    const codeParameter = new Map<string, number>();
    const declarations = (node: ts.Node) => {
      const [name, fn] = ts.isFunctionDeclaration(node)
        ? [node.name, node]
        : ts.isVariableDeclaration(node) && node.initializer && ts.isArrowFunction(node.initializer)
          ? [node.name, node.initializer]
          : [undefined, undefined];
      const index = fn?.parameters.findIndex((p) => p.name.getText() === "code") ?? -1;
      if (name && ts.isIdentifier(name) && index >= 0) codeParameter.set(name.text, index);
      ts.forEachChild(node, declarations);
    };
    declarations(source);
    const visit = (node: ts.Node) => {
      if ((ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)) && node.name.getText() === "code")
        add(node.initializer);
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && codeParameter.has(node.expression.text))
        add(node.arguments[codeParameter.get(node.expression.text)!]);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...codes].sort();
}

/** Codes the OpenAPI document lists: each operation's own and those the route wrapper answers for it (server/http/common-problems.ts). */
const listedCodes = () => [...new Set(allOperations.flatMap((op) => [...problemsOf(op).values()].flat()))].sort();

/**
 * Codes the service throws that no API request can get, each with the reason. Anything else thrown
 * must be in some operation's `problems` (or be one the wrapper adds), or the OpenAPI document and
 * the typed client would not tell an integrator it can come.
 */
const NOT_ANSWERED_BY_THE_API: Record<string, string> = {
  // resource() answers an unsupported method itself; OpenAPI documents the methods a path has.
  "request.method_not_allowed": "the methods a path lacks are not operations",
};

describe("every problem the service answers is documented (OpenAPI problems, messages)", () => {
  const thrown = serverCodes();
  const listed = new Set(listedCodes());
  const own = new Set(allOperations.flatMap((op) => Object.values(op.problems ?? {}).flat() as string[]));

  it("finds the codes answered directly too (the scan works)", () => {
    expect(thrown).toContain("auth.rate_limited");
    expect(thrown).toContain("route.not_found");
    expect(itemCodes()).toEqual(
      expect.arrayContaining(["payout.missing_iban", "payout.invalid_split", "elm.declaration_incomplete"]),
    );
  });

  it("lists every code the service throws in some operation's problems, or says why no request can get it", () => {
    expect(thrown.filter((code) => !listed.has(code) && !(code in NOT_ANSWERED_BY_THE_API))).toEqual([]);
    expect(
      Object.keys(NOT_ANSWERED_BY_THE_API).filter((code) => listed.has(code) || !thrown.includes(code)),
      "stale exceptions",
    ).toEqual([]);
  });

  it("lists in an operation's problems only codes the service throws", () => {
    expect([...own].filter((code) => !thrown.includes(code)).sort()).toEqual([]);
  });

  it.each(LOCALES)("%s has a message for every code the OpenAPI document lists", (locale) => {
    const t = translator(locale);
    expect([...listed].filter((code) => !t.has(`codes.${code}`))).toEqual([]);
  });

  it.each(LOCALES)("%s has messages only for codes that exist (a problem's, or an item's it carries)", (locale) => {
    // "network": the console's own code for an answer that never came (components/forms/api.ts).
    const known = new Set([...thrown, ...listed, ...itemCodes(), "network"]);
    const keys = (node: unknown, prefix: string): string[] =>
      typeof node === "object" && node !== null
        ? Object.entries(node).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key))
        : [prefix];
    const messages = catalog(locale);
    const unknown = [...keys(messages.codes, ""), ...keys(messages.fieldCodes, "")].filter((code) => !known.has(code));
    expect(unknown).toEqual([]);
  });
});

describe("problems in the person's language (issue 12 item 5)", () => {
  const codes = serverCodes();

  it("finds the service's codes (the scan works)", () => {
    expect(codes).toContain("payout.processed");
    expect(codes).toContain("period.control_unresolved");
    expect(codes).toContain("employee.not_found");
    expect(codes).toContain("webhook.url_not_allowed");
    expect(codes.length).toBeGreaterThan(60);
  });

  it.each(LOCALES)("%s has a message for every code the service answers", (locale) => {
    const t = translator(locale);
    expect(codes.filter((code) => !t.has(`codes.${code}`))).toEqual([]);
  });

  it.each(LOCALES)("%s words a problem by its code, then by its status, never by the English detail", (locale) => {
    const t = translator(locale);
    const messages = catalog(locale);
    const text = (status: number, code: string) => problemText(new ApiProblem(status, code, ENGLISH_DETAIL, []), t);
    expect(text(409, "payout.processed")).toBe(messages.codes.payout.processed);
    expect(text(403, "request.cross_origin")).toBe(messages.codes.request.cross_origin);
    expect(text(409, "something.new")).toBe(messages.status["409"]);
    expect(text(412, "request.precondition_failed")).toBe(messages.codes.request.precondition_failed);
    expect(text(418, "something.new")).toBe(t("status.clientError", { status: 418 }));
    expect(text(418, "something.new")).toContain("418");
    expect(text(503, "http.503")).toBe(t("status.serverError", { status: 503 }));
    expect(text(0, "network")).toBe(messages.network);
    expect(problemText(new Error(ENGLISH_DETAIL), t)).toBe(messages.generic);
    for (const status of [400, 401, 403, 404, 409, 412, 422, 429, 500])
      expect(text(status, "x.y")).not.toContain(ENGLISH_DETAIL);
  });

  it.each(LOCALES)(
    "%s words field problems by path: the code's field message with its value, else a generic one",
    (locale) => {
      const t = translator(locale);
      const messages = catalog(locale);
      const format = formatterFor(locale);
      const validation = new ApiProblem(422, "validation.failed", ENGLISH_DETAIL, [
        { path: "firstName", message: "Required" },
      ]);
      expect(fieldProblemText(validation, validation.errors[0]!, t)).toBe(messages.field.invalid);

      const taken = new ApiProblem(409, "employee.identifier_taken", ENGLISH_DETAIL, [
        { path: "identifier", message: "Already taken in this tenant." },
      ]);
      expect(fieldProblemText(taken, taken.errors[0]!, t, { identifier: "1001" })).toBe(
        t("fieldCodes.employee.identifier_taken", { value: "1001" }),
      );
      expect(fieldProblemText(taken, taken.errors[0]!, t, { identifier: "1001" })).toContain("1001");
      // Without the value the form sent: the code's sentence, still not the English detail.
      expect(fieldProblemText(taken, taken.errors[0]!, t)).toBe(messages.codes.employee.identifier_taken);

      const exceeds = new ApiProblem(422, "payout.exceeds_open_amount", ENGLISH_DETAIL, [
        { path: "amounts.e1", message: "The amount exceeds the open amount of 1'234.50." },
      ]);
      expect(fieldProblemText(exceeds, exceeds.errors[0]!, t, {}, format)).toBe(
        t("fieldCodes.payout.exceeds_open_amount", { amount: format.amount("1234.50") }),
      );
      expect(fieldProblemText(exceeds, exceeds.errors[0]!, t, {}, format)).toContain("1'234.50");
    },
  );

  it("puts field problems next to their fields and returns what belongs to the whole form", () => {
    const t = translator("de-CH");
    const placed: [string, string][] = [];
    const setError = ((name: string, error: { message?: string }) => placed.push([name, error.message ?? ""])) as never;
    const onField = new ApiProblem(422, "validation.failed", ENGLISH_DETAIL, [
      { path: "lastName", message: "Required" },
    ]);
    expect(applyProblem(onField, ["firstName", "lastName"], setError, t)).toBeNull();
    expect(placed).toEqual([["lastName", "Dieser Wert ist ungültig."]]);
    const elsewhere = new ApiProblem(422, "validation.failed", ENGLISH_DETAIL, [
      { path: "body.other", message: "Required" },
    ]);
    expect(applyProblem(elsewhere, ["firstName"], setError, t)).toBe(
      "Einige Werte sind ungültig. Prüfen Sie Ihre Eingaben.",
    );
    expect(
      applyProblem(new ApiProblem(412, "request.precondition_failed", ENGLISH_DETAIL, []), ["firstName"], setError, t),
    ).toMatch(/^Jemand anderes hat dies/);
  });
});

describe("form checks and case problems in the person's language (issue 12 items 4 and 5)", () => {
  const forms = (locale: Locale) => JSON.parse(readFileSync(path.join(root, "messages", locale, "forms.json"), "utf8"));
  const validation = (locale: Locale) =>
    createTranslator({
      locale,
      messages: { forms: forms(locale) },
      namespace: "forms.validation",
      onError: (error) => {
        throw error;
      },
    }) as unknown as ValidationTranslator;
  const issuesOf = (result: { success: boolean; error?: { issues: z.core.$ZodIssue[] } }) => result.error?.issues ?? [];

  it.each(LOCALES)("%s words the API schemas' checks from their kind, never from their English message", (locale) => {
    const t = validation(locale);
    const messages = forms(locale).validation;
    const employee = issuesOf(
      CreateEmployee.safeParse({ identifier: "", firstName: "x".repeat(101), lastName: "Line\nbreak" }),
    );
    const text = (field: string) =>
      validationText(
        employee.find((i) => i.path[0] === field)!,
        t,
      );
    expect(text("identifier")).toBe(messages.required);
    expect(text("firstName")).toBe(t("tooLong", { maximum: 100 }));
    expect(text("firstName")).toContain("100");
    expect(text("lastName")).toBe(messages.text);
    const invite = issuesOf(Invite.safeParse({ email: "not an email", role: "Chief" }));
    expect(
      validationText(
        invite.find((i) => i.path[0] === "email")!,
        t,
      ),
    ).toBe(messages.email);
    expect(
      validationText(
        invite.find((i) => i.path[0] === "role")!,
        t,
      ),
    ).toBe(messages.choose);
    const payroll = issuesOf(UpdatePayroll.safeParse({ transmissionStartDate: "2026-02-15" }));
    expect(validationText(payroll[0]!, t)).toBe(messages.firstOfMonth);
    for (const issue of [...employee, ...invite, ...payroll]) {
      if (locale !== "en-CH") expect(validationText(issue, t)).not.toBe(issue.message);
    }
  });

  it.each(LOCALES)("%s words a case change's field problems by path and value type", (locale) => {
    const t = translator(locale);
    const messages = catalog(locale);
    const before = new ApiProblem(422, "case.before_accounting_start", ENGLISH_DETAIL, [
      {
        path: "values.0.start",
        message: "No value can start before the payroll's accounting start date (2026-01-01).",
      },
      {
        path: "values.0.value",
        message: 'AhvNumber: "756.9217.0769.84" is not a valid AHV number: its check digit does not match.',
      },
      { path: "values.0.end", message: "The end cannot be before the start." },
    ]);
    expect(caseFieldProblem(before, before.errors[0]!, t)).toBe(
      t("fieldCodes.case.before_accounting_start", { date: "01.01.2026" }),
    );
    expect(caseFieldProblem(before, before.errors[0]!, t)).toContain("01.01.2026");
    expect(caseFieldProblem(before, before.errors[1]!, t, "ahvNumber")).toBe(messages.caseFields.valueTypes.ahvNumber);
    expect(caseFieldProblem(before, before.errors[1]!, t, "somethingNew")).toBe(messages.field.invalid);
    expect(caseFieldProblem(before, before.errors[2]!, t)).toBe(messages.caseFields.endBeforeStart);
    const all = caseProblem(before, t, (p) => (p.endsWith(".value") ? "ahvNumber" : undefined));
    expect(all).not.toContain(ENGLISH_DETAIL);
    expect(all).not.toMatch(/AhvNumber|values\.\d|2026-01-01/);
    expect(caseProblem(new ApiProblem(409, "period.not_open", ENGLISH_DETAIL, []), t)).toBe(
      messages.codes.period.not_open,
    );
  });

  it("keeps the English the browser tests read", () => {
    const t = translator("en-CH");
    const before = new ApiProblem(422, "case.before_accounting_start", ENGLISH_DETAIL, [
      {
        path: "values.0.start",
        message: "No value can start before the payroll's accounting start date (2026-01-01).",
      },
    ]);
    expect(caseProblem(before, t)).toBe("No value can start before the payroll's accounting start date (01.01.2026).");
    expect(catalog("en-CH").caseFields.valueTypes.ahvNumber).toMatch(/check digit/);
  });

  it("reads dates and moments as a person types them", () => {
    expect(parseDateInput("31.01.2026")).toBe("2026-01-31");
    expect(parseDateInput("2026-01-31")).toBe("2026-01-31");
    expect(parseDateInput("31.02.2026")).toBeNull();
    expect(parseDateTimeInput("31.01.2026 14:30")).toBe("2026-01-31T14:30");
    expect(parseDateTimeInput("2026-01-31T14:30")).toBe("2026-01-31T14:30");
    expect(parseDateTimeInput("31.01.2026")).toBe("2026-01-31T00:00");
    expect(parseDateTimeInput("31.01.2026 24:00")).toBeNull();
    expect(parseDateTimeInput("yesterday")).toBeNull();
    expect(formatDateTimeInput("2026-01-31T14:30")).toBe("31.01.2026 14:30");
  });
});
