/**
 * The contract at run time: every answer of the seeded site recorded by the golden-answer test
 * (`test/golden/answers.json`, what `cms/golden.test.ts` pins byte for byte) parses with the schema
 * the site reads it with (`cms/contract/`). Lists are checked item by item, so an entry the site
 * would quietly drop fails here; and every image record anywhere in an answer must keep its URLs
 * and placeholder, which the site's schema would otherwise quietly null.
 */
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";
import { z } from "zod";

import { productAnswerSchema, productsAnswerSchema } from "./contract/catalogue";
import { faqSchema, personSchema, slidesAnswerSchema, slideSchema, testimonialSchema } from "./contract/content";
import { galleryAnswerSchema, gallerySlideSchema, gallerySummarySchema } from "./contract/galleries";
import { groupAnswerSchema, groupsAnswerSchema } from "./contract/groups";
import { imageAnswerSchema, imageSchema, videoAnswerSchema } from "./contract/media";
import { pageAnswerSchema, pageListSchema } from "./contract/pages";
import { initialDataAnswerSchema, linksAnswerSchema, settingsAnswerSchema } from "./contract/site";
import type { GoldenRequest } from "./test/golden/requests";

interface Answer {
  request: GoldenRequest;
  status: number;
  contentType: string;
  body: string;
}

const { answers } = JSON.parse(readFileSync(new URL("./test/golden/answers.json", import.meta.url), "utf8")) as {
  answers: Answer[];
};

/** Every item of `data` on its own (a tolerant list would drop a broken one). */
const each = (item: z.ZodTypeAny) => z.object({ data: z.array(item) });

const API = "/api/v1/cognito";
/** Which schema reads which answer: by method and path (with its query). */
const READERS: [RegExp, z.ZodTypeAny][] = [
  [/^GET \/api\/v1\/cognito\/domain\/currentDomain$/, settingsAnswerSchema],
  [/^GET \/api\/v1\/cognito\/domain\/initialData$/, initialDataAnswerSchema],
  [/^GET \/api\/v1\/cognito\/link(\?|$)/, linksAnswerSchema],
  [/^GET \/api\/v1\/cognito\/page\?(.*&)?url=/, pageAnswerSchema],
  [/^GET \/api\/v1\/cognito\/page(\?|$)/, pageListSchema],
  [/^GET \/api\/v1\/cognito\/page\//, pageAnswerSchema],
  [/^GET \/api\/v1\/cognito\/group\/details\//, groupAnswerSchema],
  [/^GET \/api\/v1\/cognito\/group(\/|\?|$)/, groupsAnswerSchema],
  [/^GET \/api\/v1\/catalogue\/product(\?|$)/, productsAnswerSchema],
  [/^GET \/api\/v1\/catalogue\/product\//, productAnswerSchema],
  [/^(GET|POST) \/api\/v1\/cognito\/slide(\?|$)/, slidesAnswerSchema],
  [/^(GET|POST) \/api\/v1\/cognito\/slide\/\d+/, z.object({ data: slideSchema })],
  [/^(GET|POST) \/api\/v1\/cognito\/testimonial(\?|$)/, each(testimonialSchema)],
  [/^(GET|POST) \/api\/v1\/cognito\/person(\?|$)/, each(personSchema)],
  [/^(GET|POST) \/api\/v1\/cognito\/faq(\?|$)/, each(faqSchema)],
  [/^(GET|POST) \/api\/v1\/cognito\/video\/\d+/, videoAnswerSchema],
  [/^(GET|POST) \/api\/v1\/cognito\/gallery(\?|$)/, each(gallerySummarySchema)],
  [
    /^(GET|POST) \/api\/v1\/cognito\/gallery\//,
    galleryAnswerSchema.and(z.object({ data: z.object({ slides: z.array(gallerySlideSchema) }) })),
  ],
  [/^POST \/api\/v1\/cognito\/image\/getByHash$/, imageAnswerSchema],
];
/** Answers the site has no reader for: the generic photo list, and GraphQL (the site reads REST). */
const UNREAD = [new RegExp(`^(GET|POST) ${API}/photo(\\?|$)`), /^(GET|POST) \/graphql(\?|$)/];

const label = (r: GoldenRequest) => `${r.method} ${r.path}`;
const json = answers.filter((a) => a.status === 200 && a.contentType.startsWith("application/json"));

/** Every image record in a JSON value: an object with a url, its format URLs and a placeholder. */
function imageRecords(value: unknown, out: Record<string, unknown>[] = []) {
  if (Array.isArray(value)) for (const v of value) imageRecords(v, out);
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if ("url" in o && "webp_url" in o && "placeholder" in o) out.push(o);
    for (const v of Object.values(o)) imageRecords(v, out);
  }
  return out;
}

describe("the golden answers, as the site reads them", () => {
  it("are many, and each has a reader or is one the site does not read", () => {
    expect(json.length).toBeGreaterThan(100);
    const unknown = json
      .map((a) => label(a.request))
      .filter((l) => !READERS.some(([re]) => re.test(l)) && !UNREAD.some((re) => re.test(l)));
    expect(unknown).toEqual([]);
  });

  for (const a of json) {
    const reader = READERS.find(([re]) => re.test(label(a.request)));
    if (!reader) continue;
    it(`${label(a.request)}${a.request.body === undefined ? "" : ` ${JSON.stringify(a.request.body)}`}`, () => {
      const body: unknown = JSON.parse(a.body);
      const parsed = reader[1].safeParse(body);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      for (const record of imageRecords(body)) {
        const image = imageSchema.parse(record);
        expect({ webp: image.webp_url, avif: image.avif_url, placeholder: image.placeholder }).toEqual({
          webp: record.webp_url,
          avif: record.avif_url,
          placeholder: record.placeholder,
        });
      }
    });
  }
});
