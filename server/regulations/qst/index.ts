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
  type CompactTariff,
  type CompactTariffFile,
  type QstBracket,
  type QstQuery,
  type QstRateResult,
  type QstTariff,
  type QstTariffTable,
  qstAmount,
  qstRate,
  expandCompactTariff,
  tariffTable,
  tariffsFromRecords,
} from "./tariffs";
export { shippedQstFiles, shippedQstSources, shippedQstTable, shippedQstTariffs } from "./shipped";
