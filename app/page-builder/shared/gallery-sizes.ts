/** Gallery images are asked for at the lightbox's width; thumbnails are the same variant at 400. */
export const LIGHTBOX_WIDTH = 1920;
/** The lightbox shows the whole photo, uncropped, unless the widget asks for another aspect. */
export const DEFAULT_LIGHTBOX_ASPECT = "orig";
