import { useTranslation } from "react-i18next";

const STAR =
  "M9.05 2.93c.3-.92 1.6-.92 1.9 0l1.07 3.29a1 1 0 0 0 .95.69h3.46c.97 0 1.37 1.24.59 1.81l-2.8 2.03a1 1 0 0 0-.36 1.12l1.07 3.3c.3.92-.76 1.68-1.54 1.11l-2.8-2.03a1 1 0 0 0-1.18 0l-2.8 2.03c-.78.57-1.84-.2-1.54-1.12l1.07-3.29a1 1 0 0 0-.36-1.12L2.98 8.72c-.78-.57-.38-1.81.59-1.81h3.46a1 1 0 0 0 .95-.69l1.07-3.29z";

/** A rating from 1 to 5 as it may be shown; anything else (missing, 0, 4.5, 7) is no rating. */
export function validRating(rating: unknown): number | null {
  return typeof rating === "number" && Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null;
}

/**
 * Five stars, the first `rating` filled and the rest outlined (so the difference is the shape,
 * not only the colour), read out as one image: "Rated 4 out of 5". Nothing for no rating.
 */
export function Stars({ rating, className = "" }: { rating: unknown; className?: string }) {
  const { t } = useTranslation();
  const value = validRating(rating);
  if (value === null) return null;
  return (
    <div
      role="img"
      aria-label={t("widgets.rating", { rating: value })}
      className={`flex gap-0.5 text-amber-600 dark:text-amber-400 ${className}`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          aria-hidden="true"
          viewBox="0 0 20 20"
          width="20"
          height="20"
          fill={n <= value ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.25"
          data-filled={n <= value ? "" : undefined}
        >
          <path d={STAR} />
        </svg>
      ))}
    </div>
  );
}
