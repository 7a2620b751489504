import type { ReactNode } from "react";

/** A list widget's section: named by its heading (an h2, centred) when it has one. */
export function WidgetSection({
  heading,
  className = "my-8",
  children,
}: {
  heading: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-label={heading || undefined}>
      {heading ? (
        <h2 dir="auto" className="mb-8 text-center font-serif text-3xl font-semibold tracking-tight">
          {heading}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
