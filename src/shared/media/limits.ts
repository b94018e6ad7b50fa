/**
 * Upload limits shared by the client's checks and the server's enforcement (spec 1 sections 5 and 8,
 * spec 2 section 5). Sizes are binary megabytes, as the browser's File#size check counts them.
 */
export const MB = 1024 * 1024;

/** Avatar: "PNG, JPG, GIF up to 5MB" (spec 1). */
export const AVATAR_MAX_BYTES = 5 * MB;
/** Profile background: not fixed by the spec; 10 MB leaves room for a full-width 16:9 JPEG. */
export const BACKGROUND_MAX_BYTES = 10 * MB;

/** Gallery uploads (images, videos, GPX) to a profile, group or ride: spec 2 section 9, "Media upload limit 50MB". */
export const MEDIA_MAX_BYTES = 50 * MB;
/** Gallery images are stored at most this many pixels on their longest side. */
export const GALLERY_MAX_DIMENSION_PX = 2560;
/**
 * The most track, route and waypoints a GPX file may have. A ride recorded every second for 24 hours
 * is 86,400; beyond this a file is refused as soon as the point past it is read.
 */
export const GPX_MAX_POINTS = 200_000;
/** A GPX item keeps about this many track and route points for drawing (the summary counts them all). */
export const GPX_MAX_DRAW_POINTS = 5000;

/** The stored avatar is a square of at most this many pixels (the client already sends 200x200). */
export const AVATAR_SIZE_PX = 200;
/** The stored background is at most this wide. */
export const BACKGROUND_MAX_WIDTH_PX = 1920;
/** Every stored image also gets a thumbnail this wide (at most), for galleries. */
export const THUMBNAIL_WIDTH_PX = 320;
/** JPEG quality of stored images (the client exports at 0.9). */
export const IMAGE_JPEG_QUALITY = 88;
export const THUMBNAIL_JPEG_QUALITY = 80;
/** Decoding guard: larger images (width x height) are refused before they are decoded. */
export const MAX_IMAGE_PIXELS = 64_000_000;

export const MEDIA_DESCRIPTION_MAX_LENGTH = 1000;
export const MEDIA_ORIGINAL_NAME_MAX_LENGTH = 255;
