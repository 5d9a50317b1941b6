import { operation } from "../http/operation";
import { UpdateUser, User } from "./schemas";

export const getCurrentUserOp = operation({
  method: "GET",
  answersEtag: true,
  path: "/users",
  tag: "Users",
  summary: "The signed-in person",
  allow: "person",
  response: User,
  problems: { 403: ["auth.forbidden"], 404: ["user.not_found"] },
});

export const createUserOp = operation({
  method: "POST",
  path: "/users",
  tag: "Users",
  summary: "Create a user (always refused)",
  description:
    "Not used: users come into being by signing in or accepting an invitation. Always 403 (as for a system user token).",
  allow: "person",
  problems: { 403: ["auth.forbidden", "users.create_not_supported"] },
});

export const updateUserOp = operation({
  method: "PUT",
  path: "/users/{userId}",
  tag: "Users",
  summary: "Change the person's own language/culture setting",
  allow: "person",
  body: UpdateUser,
  response: User,
  problems: { 403: ["auth.forbidden"], 404: ["user.not_found"] },
});
