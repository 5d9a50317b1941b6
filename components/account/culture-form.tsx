"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { UpdateUser, type User } from "@/server/users/schemas";
import { apiRequest } from "@/components/forms/api";
import { applyProblem } from "@/components/forms/problem";
import { CULTURE_LABEL } from "@/components/people/labels";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";

const FIELDS = ["culture"] as const;

export function CultureForm({ user }: { user: User }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<z.input<typeof UpdateUser>, unknown, UpdateUser>({ resolver: zodResolver(UpdateUser), defaultValues: { culture: user.culture } });
  const update = useMutation({
    mutationFn: (input: UpdateUser) => apiRequest<User>(`/users/${user.id}`, { method: "PUT", body: input }),
    onSuccess: ({ data }) => {
      setSaved(true);
      form.reset({ culture: data.culture });
      router.refresh();
    },
    onError: (error) => setFormError(applyProblem(error, FIELDS, form.setError)),
  });
  // defaultValue also renders the server HTML with the stored culture selected, before hydration hands the field to the form.
  // A culture set through the API outside this list stays selectable rather than being silently replaced.
  const cultures = CULTURE_LABEL[user.culture] ? Object.keys(CULTURE_LABEL) : [...Object.keys(CULTURE_LABEL), user.culture];
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={form.handleSubmit((input) => {
        setFormError(null);
        setSaved(false);
        update.mutate(input);
      })}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {saved && !form.formState.isDirty ? <Alert tone="success">Your language is saved.</Alert> : null}
      <div className="sm:max-w-xs">
        <SelectField label="Language" hint="Language and formats (dates, numbers) used for you." error={form.formState.errors.culture?.message} defaultValue={user.culture} {...form.register("culture")}>
          {cultures.map((culture) => (
            <option key={culture} value={culture}>
              {CULTURE_LABEL[culture] ?? culture}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
        {update.isPending ? "Saving…" : "Save"}
      </Button>
    </form>
  );
}
