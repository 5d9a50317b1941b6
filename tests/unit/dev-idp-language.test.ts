import { describe, expect, it } from "vitest";
import { devIdpWords, loginPage } from "@/server/auth/dev-idp";
import { LOCALES, negotiateLocale } from "@/i18n/locales";

/** The development identity provider's sign-in page speaks the browser's language, as the console does before sign-in. */
describe("the development sign-in page", () => {
  const expected = {
    "de-CH": { button: ">Anmelden</button>", role: "Self Service" },
    "fr-CH": { button: ">Se connecter</button>", role: "Libre-service" },
    "it-CH": { button: ">Accedi</button>", role: "Self Service" },
    "en-CH": { button: ">Sign in</button>", role: "Self Service" },
  } as const;

  it.each(LOCALES)("in %s: lang, words and role names from the catalog", (locale) => {
    const html = loginPage({ uid: "abc" }, devIdpWords(locale));
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(expected[locale].button);
    expect(html).toContain(expected[locale].role);
    expect(html).toContain('action="/interaction/abc/login"');
  });

  it("follows Accept-Language and shows a refusal in that language", () => {
    const html = loginPage(
      { uid: "abc" },
      devIdpWords(negotiateLocale("fr-CH,fr;q=0.9,en;q=0.5")),
      devIdpWords("fr-CH").t("invalidEmail"),
    );
    expect(html).toContain('<html lang="fr-CH">');
    expect(html).toContain("Saisissez une adresse e-mail valable.");
    expect(html).not.toContain("Sign in");
  });
});
