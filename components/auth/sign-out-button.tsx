"use client";

import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";

export function SignOutButton() {
  return (
    <Button variant="ghost" onClick={() => void signOut({ callbackUrl: "/signin" })}>
      Sign out
    </Button>
  );
}
