import type { Role } from "../context";

export type DemoPerson = {
  /** Also the development identity provider's account id and subject (lower-cased). */
  email: string;
  name: string;
  /** The role the demo data gives this person; the seed decides which memberships actually exist. */
  role: Role;
};

/** The people the development identity provider offers on its sign-in page. */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { email: "admin@demo.example", name: "Anna Admin", role: "Administrator" },
  { email: "manager@demo.example", name: "Marco Manager", role: "Manager" },
  { email: "employee1@demo.example", name: "Eva Employee", role: "SelfService" },
  { email: "employee2@demo.example", name: "Luca Employee", role: "SelfService" },
];

export function demoPersonOf(email: string): DemoPerson | undefined {
  const wanted = email.trim().toLowerCase();
  return DEMO_PEOPLE.find((p) => p.email === wanted);
}
