import { Conflict } from "../errors";

export const identifierTaken = (identifier: string) =>
  new Conflict(
    "employee.identifier_taken",
    `Another employee of this tenant already has the identifier "${identifier}".`,
    {
      errors: [{ path: "identifier", message: "Already taken in this tenant." }],
    },
  );
