"use client";

import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";

/** Signs out and comes back to the invitation, which then asks the identity provider for the right person. */
export function SwitchAccountButton({ returnTo, email }: { returnTo: string; email?: string }) {
  return (
    <Button variant="secondary" onClick={() => void signOut({ callbackUrl: returnTo })}>
      {email ? `Sign out and sign in as ${email}` : "Sign out and sign in with another address"}
    </Button>
  );
}
