export {
  type TariffFile,
  type TariffRecord,
  type TariffRecordType,
  TariffFileError,
  isComplete,
  parseTariffFile,
  parseTariffRecord,
} from "./tariff-file";
export {
  type QstBracket,
  type QstQuery,
  type QstRateResult,
  type QstTariff,
  type QstTariffTable,
  qstAmount,
  qstRate,
  tariffTable,
  tariffsFromRecords,
} from "./tariffs";
export { shippedQstSources, shippedQstTable, shippedQstTariffs } from "./shipped";
