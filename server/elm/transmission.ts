import "server-only";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { create } from "xmlbuilder2";
import { isValidDate, monthEnd } from "@/server/dates";
import { env } from "@/server/env";
import { readDeclarationSummary } from "./declaration";

/**
 * The boundary between the service and the Swissdec distributor. A declaration (the DeclareSalary
 * document of declaration.ts) is submitted, the distributor answers with a job key, and the
 * results come back per domain with their receipts (quittances). Two transmitters:
 * - sandbox: simulates the distributor, deterministically from the submission, and marks every
 *   receipt as simulated; nothing leaves the process.
 * - production: the real distributor (SOAP 1.1, document/literal, SalaryDeclarationService.wsdl),
 *   which needs its endpoint, the transmitter's X.509 certificate and WS-Security signing and
 *   encryption of every message (Swissdec transmitter guidelines). This build has no WS-Security
 *   signer, so it builds the HTTP request it would send and then refuses with
 *   ElmTransmissionUnavailable: it never pretends to have sent anything.
 */

export type ElmSubmission = { declarationXml: string; categories: string[]; payrollId: string; periodStart: string };
export type ElmReceipt = { category: string; name: string; contentType: string; content: Buffer };
export type ElmResult = { finished: boolean; receipts: ElmReceipt[] };

export interface ElmTransmitter {
  readonly environment: "sandbox" | "production";
  submit(submission: ElmSubmission): Promise<{ jobKey: string }>;
  fetchResult(jobKey: string, submission: ElmSubmission): Promise<ElmResult>;
}

/** The distributor's ELM 5.0 test endpoint, from SalaryDeclarationService.wsdl. */
export const ELM_TEST_DISTRIBUTOR_URL =
  "https://tst.itserve.ch/itserve/lohnstandard/stable/distributor/20200220-0.0/SalaryDeclarationService";

/** What the production transmitter reads from the environment. */
export const ELM_ENVIRONMENT_VARIABLES = {
  distributorUrl: "ELM_DISTRIBUTOR_URL",
  certificatePath: "ELM_CERTIFICATE_PATH",
  certificatePassword: "ELM_CERTIFICATE_PASSWORD",
  distributorCertificatePath: "ELM_DISTRIBUTOR_CERTIFICATE_PATH",
} as const;

/** The settings of the real transmission (server/env.ts), by their names. */
type ElmVariables = Readonly<
  Partial<Record<(typeof ELM_ENVIRONMENT_VARIABLES)[keyof typeof ELM_ENVIRONMENT_VARIABLES], string>>
>;

/** The transmission cannot happen here; `missing` names each thing that is missing. */
export class ElmTransmissionUnavailable extends Error {
  readonly code = "elm.transmission_unavailable";
  constructor(
    readonly missing: string[],
    operation: string,
  ) {
    super(
      `ELM transmission (${operation}) to the Swissdec distributor is not available on this installation; nothing was sent. Missing: ${missing.join("; ")}.`,
    );
    this.name = "ElmTransmissionUnavailable";
  }
}

/** The transmitter of this installation: sandbox unless SERVICE_ENVIRONMENT is production. */
export function elmTransmitter(environment: string = env().SERVICE_ENVIRONMENT): ElmTransmitter {
  return environment === "production" ? productionTransmitter() : sandboxTransmitter();
}

// ---------------------------------------------------------------------------------------------
// Sandbox
// ---------------------------------------------------------------------------------------------

const QUITTANCE_NAMESPACE = "urn:swiss-payroll:elm:sandbox-quittance:1";

/** Simulates the distributor: a job key derived from the submission, and one receipt per category, at once. */
export function sandboxTransmitter(): ElmTransmitter {
  return {
    environment: "sandbox",
    async submit(submission) {
      checkSubmission(submission);
      return { jobKey: sandboxJobKey(submission) };
    },
    async fetchResult(jobKey, submission) {
      const summary = checkSubmission(submission);
      if (jobKey !== sandboxJobKey(submission))
        throw new Error(
          `The job key ${jobKey} does not belong to this submission (payroll ${submission.payrollId}, period ${submission.periodStart}).`,
        );
      const month = submission.periodStart.slice(0, 7);
      const receipts = submission.categories.map((category) => ({
        category,
        name: `elm-quittance-${month}-${category}.xml`,
        contentType: "application/xml",
        content: Buffer.from(sandboxQuittance(jobKey, category, submission, summary), "utf8"),
      }));
      return { finished: true, receipts };
    },
  };
}

function sandboxJobKey(submission: ElmSubmission) {
  const hash = createHash("sha256")
    .update(`${submission.payrollId}\n${submission.periodStart}\n${submission.declarationXml}`)
    .digest("hex");
  return `sandbox-${hash.slice(0, 32)}`;
}

function sandboxQuittance(
  jobKey: string,
  category: string,
  submission: ElmSubmission,
  summary: ReturnType<typeof readDeclarationSummary>,
) {
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  const root = doc.ele(QUITTANCE_NAMESPACE, "SandboxQuittance", { simulated: "true" });
  root
    .ele(QUITTANCE_NAMESPACE, "Notice")
    .txt("Simulated by the sandbox transmitter: no declaration was sent to Swissdec and no institution received it.");
  root.ele(QUITTANCE_NAMESPACE, "JobKey").txt(jobKey);
  root.ele(QUITTANCE_NAMESPACE, "Category").txt(category);
  root.ele(QUITTANCE_NAMESPACE, "PayrollId").txt(submission.payrollId);
  const period = root.ele(QUITTANCE_NAMESPACE, "Period");
  period.ele(QUITTANCE_NAMESPACE, "From").txt(submission.periodStart);
  period.ele(QUITTANCE_NAMESPACE, "Until").txt(monthEnd(submission.periodStart));
  if (summary.creationDate) root.ele(QUITTANCE_NAMESPACE, "DeclarationCreated").txt(summary.creationDate);
  root.ele(QUITTANCE_NAMESPACE, "SalaryTags").txt(String(summary.salaryTags[category] ?? 0));
  const totals = root.ele(QUITTANCE_NAMESPACE, "Totals");
  for (const total of summary.totals[category] ?? [])
    totals.ele(QUITTANCE_NAMESPACE, "Total", { institution: total.institution, name: total.name }).txt(total.value);
  return doc.end({ prettyPrint: true });
}

// ---------------------------------------------------------------------------------------------
// Production
// ---------------------------------------------------------------------------------------------

/**
 * The real distributor. Reads ELM_DISTRIBUTOR_URL (e.g. ELM_TEST_DISTRIBUTOR_URL), the transmitter
 * certificate ELM_CERTIFICATE_PATH (PKCS#12 with the private key) and its ELM_CERTIFICATE_PASSWORD,
 * and the distributor's certificate ELM_DISTRIBUTOR_CERTIFICATE_PATH (to encrypt for it). Even
 * with all of them set it refuses: the WS-Security signature and encryption are not implemented.
 */
export function productionTransmitter(variables: ElmVariables = env()): ElmTransmitter {
  return {
    environment: "production",
    async submit(submission) {
      checkSubmission(submission);
      // Built so that the boundary is real up to the network call: this is what would be signed, encrypted and posted.
      declareSalaryHttpRequest(
        variables[ELM_ENVIRONMENT_VARIABLES.distributorUrl] ?? ELM_TEST_DISTRIBUTOR_URL,
        submission.declarationXml,
      );
      throw new ElmTransmissionUnavailable(missingForProduction(variables), "DeclareSalary");
    },
    async fetchResult() {
      throw new ElmTransmissionUnavailable(missingForProduction(variables), "GetResultFromDeclareSalary");
    },
  };
}

function missingForProduction(variables: ElmVariables): string[] {
  const { distributorUrl, certificatePath, certificatePassword, distributorCertificatePath } =
    ELM_ENVIRONMENT_VARIABLES;
  const missing: string[] = [];
  const url = variables[distributorUrl];
  if (!url)
    missing.push(
      `${distributorUrl} (the distributor's SalaryDeclarationService endpoint, e.g. ${ELM_TEST_DISTRIBUTOR_URL})`,
    );
  else if (!url.startsWith("https://")) missing.push(`${distributorUrl} must be an https URL (is ${url})`);
  for (const [name, what] of [
    [certificatePath, "the transmitter's X.509 certificate with its private key (PKCS#12) issued for Swissdec ELM"],
    [distributorCertificatePath, "the Swissdec distributor's X.509 certificate, to encrypt the messages for it"],
  ] as const) {
    const path = variables[name];
    if (!path) missing.push(`${name} (${what})`);
    else if (!existsSync(path)) missing.push(`${name} points to ${path}, which does not exist (${what})`);
  }
  if (!variables[certificatePassword]) missing.push(`${certificatePassword} (the passphrase of ${certificatePath})`);
  missing.push(
    "WS-Security X.509 signing and encryption of the SOAP messages (Swissdec transmitter guidelines): not implemented in this build",
  );
  return missing;
}

const SOAP_ENVELOPE_NAMESPACE = "http://schemas.xmlsoap.org/soap/envelope/";

/**
 * The SOAP 1.1 envelope of a DeclareSalary call (document/literal: the body is the DeclareSalary
 * element itself, which validates against SalaryDeclarationServiceTypes.xsd). The header stays
 * empty: WS-Security (wsse:Security with the binary security token, timestamp, signature and
 * encrypted key) is added by the signer, which this build does not have.
 */
export function buildDeclareSalaryEnvelope(declarationXml: string): string {
  const declaration = create(declarationXml);
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  const envelope = doc.ele(SOAP_ENVELOPE_NAMESPACE, "soapenv:Envelope", { "xmlns:soapenv": SOAP_ENVELOPE_NAMESPACE });
  envelope.ele(SOAP_ENVELOPE_NAMESPACE, "soapenv:Header");
  envelope.ele(SOAP_ENVELOPE_NAMESPACE, "soapenv:Body").import(declaration.root());
  return doc.end({ prettyPrint: true });
}

/** The HTTP request of a DeclareSalary call as the binding describes it (soapAction is empty). */
export function declareSalaryHttpRequest(url: string, declarationXml: string) {
  return {
    url,
    method: "POST" as const,
    headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: '""' },
    body: buildDeclareSalaryEnvelope(declarationXml),
  };
}

// ---------------------------------------------------------------------------------------------
// Both
// ---------------------------------------------------------------------------------------------

/** The submission must carry a DeclareSalary document whose addressees are exactly the categories named. */
function checkSubmission(submission: ElmSubmission) {
  if (!/^\d{4}-\d{2}-01$/.test(submission.periodStart) || !isValidDate(submission.periodStart)) {
    throw new Error(`periodStart ${submission.periodStart} is not the first day of a month.`);
  }
  if (!submission.payrollId) throw new Error("The submission has no payrollId.");
  const summary = readDeclarationSummary(submission.declarationXml);
  const named = [...submission.categories].sort().join(", ");
  const addressed = [...summary.categories].sort().join(", ");
  if (named !== addressed) {
    throw new Error(`The submission names the categories [${named}] but the declaration addresses [${addressed}].`);
  }
  return summary;
}
