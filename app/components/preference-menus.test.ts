import { describe, expect, it } from "vitest";

import { withParam } from "./preference-menus";

describe("withParam (the language and theme links)", () => {
  it("sets one parameter, keeps the others, and ends in #top", () => {
    expect(withParam("/about", "", "lng", "de")).toBe("/about?lng=de#top");
    expect(withParam("/about", "?tab=Our+timber&lng=fr", "lng", "de")).toBe("/about?tab=Our+timber&lng=de#top");
    expect(withParam("/", "?theme=dark", "lng", "pt-BR")).toBe("/?theme=dark&lng=pt-BR#top");
  });

  it("ends in the place it is given instead", () => {
    expect(withParam("/about", "?tab=Our+timber", "theme", "dark", "tabs-about-r2-b1")).toBe(
      "/about?tab=Our+timber&theme=dark#tabs-about-r2-b1",
    );
  });
});
