import { defineWidget } from "../../define-widget";
import { googleMapFields } from "./fields.server";
import { GoogleMapView } from "./view";

export const googleMapWidget = defineWidget({
  type: "core/google_map",
  fields: googleMapFields,
  View: GoogleMapView,
  // An iframe: the map is the map service's own page.
  browser: false,
});
