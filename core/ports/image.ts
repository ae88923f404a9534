// The image port: reads an uploaded image by its content (never its name or declared type) and writes it again,
// upright, bounded in size and without metadata (no EXIF, so no GPS position leaves with a photo).
export type ImageFormat = 'jpeg' | 'png' | 'webp';

export interface NormalizedImage {
  body: Uint8Array;
  contentType: 'image/webp' | 'image/jpeg';
  /** The storage key's extension for that type. */
  extension: 'webp' | 'jpg';
  width: number;
  height: number;
}

export interface ImageProcessor {
  /**
   * Null when the bytes are not an image of one of `accept` (checked by content), are damaged, or are too many
   * pixels to decode safely. Otherwise: rotated by its EXIF orientation, shrunk to fit `maxSide` × `maxSide`
   * (never enlarged), re-encoded, every metadata block dropped.
   */
  normalize(bytes: Uint8Array, options: { accept: readonly ImageFormat[]; maxSide: number }): Promise<NormalizedImage | null>;

  /**
   * A link preview's picture (WhatsApp, Instagram and Facebook show JPEG or PNG, never SVG): the stored
   * image (SVG included) whole, centred on a `background` card of `width` × `height`, as JPEG without metadata.
   * Null when the bytes are not a readable image.
   */
  previewCard(bytes: Uint8Array, options: { width: number; height: number; background: string }): Promise<NormalizedImage | null>;
}
