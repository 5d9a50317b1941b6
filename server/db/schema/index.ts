export * from "./tenants";
export * from "./users";
export * from "./payrolls";
export * from "./employees";
export * from "./platform";
export * from "./cases";
export * from "./regulations";
export * from "./results";
