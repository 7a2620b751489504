-- Site search (decision 061): a text search configuration, helper functions, and a generated,
-- weighted tsvector column with a GIN index on each searchable table. Generated columns stay right
-- through every later edit (seed or back-office) with no trigger or sync job.
-- unaccent when the server offers it (PGlite loads it; PostgreSQL has it in contrib); without it,
-- search still works, only accents then count.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS unaccent;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'unaccent is not available: search keeps accents';
END
$$;
--> statement-breakpoint
-- Two configurations: dovetail_search stems English words (a search for "chairs" finds "chair"),
-- dovetail_prefix keeps them whole, so a word being typed ("sett") still prefixes "settings", which
-- English stemming would have made "set".
CREATE TEXT SEARCH CONFIGURATION dovetail_search (COPY = english);
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION dovetail_prefix (COPY = simple);
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'unaccent') THEN
    ALTER TEXT SEARCH CONFIGURATION dovetail_search
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
    ALTER TEXT SEARCH CONFIGURATION dovetail_prefix
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
  END IF;
END
$$;
--> statement-breakpoint
-- The lexemes of a text in both configurations.
CREATE FUNCTION search_tsvector(body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_tsvector('dovetail_search'::regconfig, coalesce(body, '')) || to_tsvector('dovetail_prefix'::regconfig, coalesce(body, '')) $$;
--> statement-breakpoint
-- Text of HTML: tags and entities become spaces (&amp; stays an ampersand).
CREATE FUNCTION search_html_text(html text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(regexp_replace(replace(coalesce(html, ''), '&amp;', '&'), '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g') $$;
--> statement-breakpoint
-- The headings of a page's rows: heading widgets' text, and every widget's heading, subheading,
-- title and subtitle field, skipping deleted widgets.
CREATE FUNCTION search_page_headings(rows jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(v #>> '{}', ' '), '')
    FROM (
      SELECT jsonb_path_query(
        coalesce(rows, '[]'::jsonb),
        'lax $[*].blocks[*].widgets[*] ? (!(@.deleted == true)).fields.keyvalue() ? (@.key == "heading" || @.key == "subheading" || @.key == "sub_heading" || @.key == "title" || @.key == "subtitle").value ? (@.type() == "string")'
      ) AS v
      UNION ALL
      SELECT jsonb_path_query(
        coalesce(rows, '[]'::jsonb),
        'lax $[*].blocks[*].widgets[*] ? (!(@.deleted == true) && @.type == "core/heading").fields.text ? (@.type() == "string")'
      )
    ) AS found
  $$;
--> statement-breakpoint
-- The body text of a page's rows: the HTML fields of its widgets that are not deleted.
CREATE FUNCTION search_page_body(rows jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(search_html_text(v #>> '{}'), ' '), '')
    FROM jsonb_path_query(
      coalesce(rows, '[]'::jsonb),
      'lax $[*].blocks[*].widgets[*] ? (!(@.deleted == true)).fields.keyvalue() ? (@.key == "html" || @.key == "content").value ? (@.type() == "string")'
    ) AS v
  $$;
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(search_tsvector(coalesce("title", '') || ' ' || coalesce("name", '')), 'A') ||
  setweight(search_tsvector(coalesce("seo_title", '') || ' ' || search_page_headings("rows")), 'B') ||
  setweight(search_tsvector("meta_description" || ' ' || search_html_text("content") || ' ' || search_page_body("rows")), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "pages_search_idx" ON "pages" USING gin ("search_vector");
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(search_tsvector("name"), 'A') ||
  setweight(search_tsvector("timber" || ' ' || "finish" || ' ' || "dimensions"), 'B') ||
  setweight(search_tsvector(search_html_text("description")), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(search_tsvector("name"), 'A') ||
  setweight(search_tsvector("meta_description"), 'B') ||
  setweight(search_tsvector(search_html_text("content")), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "groups_search_idx" ON "groups" USING gin ("search_vector");
--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(search_tsvector("name" || ' ' || "heading"), 'A') ||
  setweight(search_tsvector("sub_heading"), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "galleries_search_idx" ON "galleries" USING gin ("search_vector");
--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(search_tsvector("name"), 'A') ||
  setweight(search_tsvector(search_html_text("content")), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "faqs_search_idx" ON "faqs" USING gin ("search_vector");
