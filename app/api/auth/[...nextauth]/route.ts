import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/server/auth/next-auth";

type Context = { params: Promise<{ nextauth: string[] }> };

/** next-auth's handler, built per request: its options need the session secret, which may live in the database. */
async function handler(request: NextRequest, context: Context): Promise<Response> {
  const nextAuth = NextAuth(await authOptions());
  return nextAuth(request, context);
}

export { handler as GET, handler as POST };
