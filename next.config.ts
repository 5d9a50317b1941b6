import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

/**
 * Headers every response carries (contract 9d), set here once. The CSP keeps other sites from
 * framing the console and limits where it may load from; Next's own inline bootstrap scripts need
 * 'unsafe-inline' (no nonce without dynamic rendering of every page).
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'" + (process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""),
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'" + (process.env.NODE_ENV === "development" ? " ws: wss:" : ""),
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join("; ");

const everyResponse = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];
const pages = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
];

const nextConfig: NextConfig = {
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@react-pdf/renderer",
    "esbuild",
    "oidc-provider",
    "pg",
    "pg-boss",
    "piscina",
    "postgres",
  ],
  poweredByHeader: false,
  async headers() {
    return [
      { source: "/:path*", headers: everyResponse },
      // Pages, not the API (its documents are PDFs, XML and CSV opened by other programs).
      { source: "/((?!api/).*)", headers: pages },
      // next-auth answers some of its routes with HTML pages of its own (sign-out confirmation, errors).
      { source: "/api/auth/:path*", headers: pages },
    ];
  },
};

export default withNextIntl(nextConfig);
