import { describe, expect, it } from "vitest";
import { copyText } from "@/server/db/copy";

describe("a value in COPY's text format (server/db/copy.ts)", () => {
  it("escapes backslash, tab, newline and carriage return wherever they are, and leaves everything else", () => {
    expect(copyText("")).toBe("");
    expect(copyText('{"name":"Rue de l\'Île ✓ 😀","n":1}')).toBe('{"name":"Rue de l\'Île ✓ 😀","n":1}');
    expect(copyText("\\")).toBe("\\\\");
    expect(copyText("a\tb")).toBe("a\\tb");
    expect(copyText("a\nb")).toBe("a\\nb");
    expect(copyText("\r")).toBe("\\r");
    expect(copyText('x\\"y\t\n\r\\N')).toBe('x\\\\"y\\t\\n\\r\\\\N');
  });
});
