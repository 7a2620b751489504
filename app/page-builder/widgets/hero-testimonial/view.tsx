import type { Testimonial } from "@contract/content";
import { Picture } from "~/components/image";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import { showable } from "../../shared/testimonials";
import { WidgetSection } from "../../shared/widget-section";
import type { HeroTestimonialFields } from "./fields.server";
import type { load } from "./load.server";

/** A testimonial as a quote: round photo, the words, and who said them. */
export function TestimonialQuote({ item, large = false }: { item: Testimonial; large?: boolean }) {
  return (
    <figure className="flex h-full flex-col items-center gap-4 text-center">
      {item.image ? (
        <div className="size-[100px] shrink-0 overflow-hidden rounded-full bg-stone-200 shadow-sm dark:bg-stone-700">
          <Picture image={item.image} alt="" sizes="100px" />
        </div>
      ) : null}
      {item.content ? (
        <blockquote
          dir="auto"
          className={`prose-cms ${large ? "font-serif text-lg italic md:text-xl" : ""}`}
          dangerouslySetInnerHTML={{ __html: item.content }}
        />
      ) : null}
      {item.name || item.title ? (
        <figcaption dir="auto" className="mt-auto">
          {item.name ? <span className="block font-semibold">{item.name}</span> : null}
          {item.title ? <span className="block text-sm opacity-80">{item.title}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  );
}

type Props = WidgetViewProps<HeroTestimonialFields, WidgetData<typeof load>>;

/** core/hero_testimonial: three testimonials of a group as large quotes side by side (stacked on phones). */
export function HeroTestimonialView({ fields, data }: Props) {
  const items = (Array.isArray(data) ? data : []).filter(showable).slice(0, 3);
  if (items.length === 0) return null;
  const heading = fields.heading.trim();
  return (
    <WidgetSection heading={heading} className="my-10">
      <div className={`grid gap-10 ${items.length > 1 ? "md:grid-cols-3" : "mx-auto max-w-2xl"}`}>
        {items.map((item) => (
          <TestimonialQuote key={item.id} item={item} large />
        ))}
      </div>
    </WidgetSection>
  );
}
