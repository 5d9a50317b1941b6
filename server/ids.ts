import { v7 } from "uuid";

/** Time-ordered identifiers (UUIDv7), generated here because PostgreSQL 15 has no uuidv7(). */
export const newId = () => v7();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
