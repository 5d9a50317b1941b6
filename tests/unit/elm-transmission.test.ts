import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convert, create } from "xmlbuilder2";
import { declarationCategories, renderElmDeclaration } from "@/server/elm/declaration";
import { buildElmDeclarationModel } from "@/server/elm/model";
import {
  ELM_TEST_DISTRIBUTOR_URL,
  ElmTransmissionUnavailable,
  buildDeclareSalaryEnvelope,
  declareSalaryHttpRequest,
  elmTransmitter,
  productionTransmitter,
  sandboxTransmitter,
} from "@/server/elm/transmission";
import { declarationInput, validateDeclareSalary } from "../fixtures/elm/scenario";

const model = buildElmDeclarationModel(declarationInput());
const declarationXml = renderElmDeclaration(model);
const submission = {
  declarationXml,
  categories: declarationCategories(model),
  payrollId: "payroll-1",
  periodStart: "2026-03-01",
};

type Obj = Record<string, any>;

describe("sandbox transmitter", () => {
  it("returns one simulated receipt per declared category, deterministically", async () => {
    const sandbox = sandboxTransmitter();
    expect(sandbox.environment).toBe("sandbox");
    const { jobKey } = await sandbox.submit(submission);
    expect(jobKey).toMatch(/^sandbox-[0-9a-f]{32}$/);
    expect((await sandbox.submit(submission)).jobKey).toBe(jobKey);

    const result = await sandbox.fetchResult(jobKey, submission);
    expect(result.finished).toBe(true);
    expect(result.receipts.map((r) => r.category)).toEqual(["AHV-AVS", "FAK-CAF", "UVG-LAA", "BVG-LPP", "TaxAtSource"]);
    expect(new Set(result.receipts.map((r) => r.name)).size).toBe(result.receipts.length);
    for (const receipt of result.receipts) {
      expect(receipt.contentType).toBe("application/xml");
      const quittance = (convert(receipt.content.toString("utf8"), { format: "object" }) as Obj).SandboxQuittance;
      expect(quittance["@simulated"]).toBe("true");
      expect(quittance).toMatchObject({
        JobKey: jobKey,
        Category: receipt.category,
        PayrollId: "payroll-1",
        Period: { From: "2026-03-01", Until: "2026-03-31" },
      });
    }
    const ahv = (convert(result.receipts[0]!.content.toString("utf8"), { format: "object" }) as Obj).SandboxQuittance;
    expect([ahv.Totals.Total].flat()).toContainEqual({
      "@institution": "#AHV",
      "@name": "Total-AHV-AVS-Incomes",
      "#": "9166.67",
    });
    expect((await sandbox.fetchResult(jobKey, submission)).receipts.map((r) => r.content.toString())).toEqual(
      result.receipts.map((r) => r.content.toString()),
    );
  });

  it("refuses a job key or categories that do not belong to the submission", async () => {
    const sandbox = sandboxTransmitter();
    await expect(sandbox.fetchResult("sandbox-0000", submission)).rejects.toThrow(/does not belong/);
    await expect(sandbox.submit({ ...submission, categories: ["AHV-AVS"] })).rejects.toThrow(/addresses/);
    await expect(sandbox.submit({ ...submission, declarationXml: "<Other/>" })).rejects.toThrow(/DeclareSalary/);
  });
});

describe("production transmitter", () => {
  it("refuses to submit without its configuration, naming each missing piece", async () => {
    const production = productionTransmitter({});
    expect(production.environment).toBe("production");
    const error = await production.submit(submission).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ElmTransmissionUnavailable);
    const missing = (error as ElmTransmissionUnavailable).missing.join("\n");
    for (const name of [
      "ELM_DISTRIBUTOR_URL",
      "ELM_CERTIFICATE_PATH",
      "ELM_CERTIFICATE_PASSWORD",
      "ELM_DISTRIBUTOR_CERTIFICATE_PATH",
      "WS-Security",
    ])
      expect(missing).toContain(name);
    expect((error as Error).message).toMatch(/nothing was sent/);
    await expect(production.fetchResult("any", submission)).rejects.toBeInstanceOf(ElmTransmissionUnavailable);
  });

  it("still refuses when configured: WS-Security signing is not implemented", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "elm-"));
    writeFileSync(path.join(dir, "transmitter.p12"), "not a real certificate");
    writeFileSync(path.join(dir, "distributor.cer"), "not a real certificate");
    const production = productionTransmitter({
      ELM_DISTRIBUTOR_URL: ELM_TEST_DISTRIBUTOR_URL,
      ELM_CERTIFICATE_PATH: path.join(dir, "transmitter.p12"),
      ELM_CERTIFICATE_PASSWORD: "secret",
      ELM_DISTRIBUTOR_CERTIFICATE_PATH: path.join(dir, "distributor.cer"),
    });
    const error = (await production.submit(submission).catch((e: unknown) => e)) as ElmTransmissionUnavailable;
    expect(error).toBeInstanceOf(ElmTransmissionUnavailable);
    expect(error.missing).toHaveLength(1);
    expect(error.missing[0]).toMatch(/WS-Security X\.509 signing and encryption/);
  });

  it("names a certificate path that does not exist", async () => {
    const error = (await productionTransmitter({ ELM_CERTIFICATE_PATH: "/nowhere/transmitter.p12" })
      .submit(submission)
      .catch((e: unknown) => e)) as ElmTransmissionUnavailable;
    expect(error.missing.join("\n")).toMatch(
      /ELM_CERTIFICATE_PATH points to \/nowhere\/transmitter\.p12, which does not exist/,
    );
  });

  it("builds the SOAP 1.1 DeclareSalary request it would send, with a body that validates", async () => {
    const request = declareSalaryHttpRequest(ELM_TEST_DISTRIBUTOR_URL, declarationXml);
    expect(request).toMatchObject({
      url: ELM_TEST_DISTRIBUTOR_URL,
      method: "POST",
      headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: '""' },
    });
    expect(request.body).toBe(buildDeclareSalaryEnvelope(declarationXml));
    const envelope = create(request.body).root();
    const envelopeNode = envelope.node as unknown as Element;
    expect([envelopeNode.namespaceURI, envelopeNode.localName]).toEqual([
      "http://schemas.xmlsoap.org/soap/envelope/",
      "Envelope",
    ]);
    const body = envelope.find((n) => (n.node as unknown as Element).localName === "Body", false, true)!;
    const payload = body.first();
    expect((payload.node as unknown as Element).localName).toBe("DeclareSalary");
    const result = await validateDeclareSalary(payload.toString());
    expect(result.messages).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe("elmTransmitter", () => {
  it("is the sandbox unless SERVICE_ENVIRONMENT is production", () => {
    expect(elmTransmitter("sandbox").environment).toBe("sandbox");
    expect(elmTransmitter("development").environment).toBe("sandbox");
    expect(elmTransmitter("production").environment).toBe("production");
    expect(elmTransmitter().environment).toBe("sandbox");
  });
});
