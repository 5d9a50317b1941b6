/** The pain.001.001.09.ch.03 builder (Swiss Payment Standards): pure, see build.ts. */
export { buildPain001, PAIN001_LIMITS, PAIN001_NAMESPACE } from "./build";
export { Pain001InputError, type Pain001ErrorCode } from "./errors";
export {
  cutToLength,
  isReference,
  isSpsCodePoint,
  isSpsText,
  REFERENCE_MAX_LENGTH,
  toReference,
  toSpsText,
} from "./charset";
export type {
  Pain001Address,
  Pain001Amount,
  Pain001Batch,
  Pain001Debtor,
  Pain001File,
  Pain001Input,
  Pain001Party,
  Pain001Payment,
} from "./types";
