// ESLint 9 flat config: TypeScript, React, hooks, accessibility and import order.
// `npm run lint` runs it (and Prettier's check); `npm test` runs `npm run lint` first.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

/** app/ may import from cms/ only the API contract, cms/contract/ (by the `@contract/…` alias). */
const SITE_IMPORTS_ONLY_THE_CONTRACT = {
  group: ["**/cms/**", "!**/cms/contract", "!**/cms/contract/**"],
  message: "app/ may import only the API contract from cms/: use @contract/… (cms/contract/).",
};
const ALLOWLIST_ON_THE_SERVER = {
  group: ["@contract/html-allowlist", "**/contract/html-allowlist"],
  message: "sanitize-html stays out of browser bundles: use ~/lib/cms-html.server in a .server module.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "public/sw.js",
      "public/_shared/",
      "data/",
      ".cache/",
      "test-results/",
      "playwright-report/",
      "node_modules/",
      "cms/db/migrations/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    settings: { react: { version: "18.3" } },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y, "simple-import-sort": simpleImportSort },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // simple-import-sort's groups, but for `@contract/` (the API contract, cms/contract/), which
      // sorts with the project's own `~/` imports rather than with the packages.
      "simple-import-sort/imports": [
        "error",
        { groups: [["^\\u0000"], ["^node:"], ["^@?\\w"], ["^@contract/", "^"], ["^\\."]] },
      ],
      "simple-import-sort/exports": "error",
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // `interface AppLoadContext extends SiteContext {}` is how Remix's context type is augmented.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  // The boundary between the site and the CMS (cms/contract/README.md): the site may import only
  // the API contract from cms/, and the CMS nothing from the site. server.ts, the host that builds
  // the CMS app, and the tests under tests/ are outside both folders and may import either.
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [SITE_IMPORTS_ONLY_THE_CONTRACT] }] },
  },
  {
    // The HTML allowlist pulls in sanitize-html: on the site it is imported by server-only modules alone.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [SITE_IMPORTS_ONLY_THE_CONTRACT, ALLOWLIST_ON_THE_SERVER] }],
    },
  },
  {
    files: ["cms/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/app/**", "~/**"], message: "cms/ never imports the site (app/)." }] },
      ],
    },
  },
  {
    // The contract is shared by both sides: it imports npm packages and its own files, nothing else.
    files: ["cms/contract/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../*", "!../contract/**", "~/**", "@contract/**"],
              message: "cms/contract/ imports only npm packages and other cms/contract/ files (./x).",
            },
          ],
        },
      ],
    },
  },
  {
    // The Remix build never imports the host (decision 105): app/host/ runs only in server.ts's
    // process. Types may cross (they make no module run); tests and their helpers import anything.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/host/**", "app/test/**", "**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/host", "~/host/**", "**/host/**"],
              allowTypeImports: true,
              message: "app/host/ runs only in the host (decision 105): take it from the build, or use app/shared/.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read the API's JSON answers and pick fields out of them; typing each answer in full would
    // repeat the API's schema in every test. Production code keeps the rule.
    files: ["**/*.test.{ts,tsx}", "cms/test/**", "app/test/**", "tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    plugins: { "simple-import-sort": simpleImportSort },
    languageOptions: { globals: { ...globals.node } },
    rules: { "simple-import-sort/imports": "error" },
  },
);
