import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "@react-pdf/renderer", "oidc-provider", "postgres"],
  poweredByHeader: false,
};

export default nextConfig;
