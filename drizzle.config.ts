import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./cms/db/schema/index.ts",
  out: "./cms/db/migrations",
});
