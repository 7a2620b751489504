// React 18's JSX types predate the popover attributes (React 19 has them). React 18 passes them
// to the DOM as they are written, so they are spelled in lower case, as in HTML.
import "react";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    popover?: "auto" | "manual";
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    popovertarget?: string;
  }
}
