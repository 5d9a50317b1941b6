import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "oidc-provider", "postgres"],
  poweredByHeader: false,
};

export default nextConfig;
