// The ImageProcessor port on sharp (libvips): the format is read from the bytes, the picture is turned upright by its
// EXIF orientation, shrunk to fit, and written again as WebP. sharp writes no metadata unless asked (withMetadata /
// keepExif), so EXIF (GPS included), XMP and IPTC are dropped.
import type { ImageFormat, ImageProcessor, NormalizedImage } from '../../core/ports/image';

/** A decompression-bomb guard: 40 megapixels is well above any phone photo. */
const MAX_INPUT_PIXELS = 40_000_000;

export class SharpImageProcessor implements ImageProcessor {
  constructor(private readonly quality = 82) {}

  async normalize(bytes: Uint8Array, options: { accept: readonly ImageFormat[]; maxSide: number }): Promise<NormalizedImage | null> {
    // sharp (libvips) is loaded on the first image, not at start.
    const { default: sharp } = await import('sharp');
    try {
      const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
      const meta = await input.metadata();
      if (!meta.format || !(options.accept as readonly string[]).includes(meta.format)) return null;
      const { data, info } = await input
        .rotate()
        .resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: this.quality })
        .toBuffer({ resolveWithObject: true });
      return { body: new Uint8Array(data), contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height };
    } catch {
      // Not an image, a damaged one, or over the pixel limit.
      return null;
    }
  }

  async previewCard(bytes: Uint8Array, options: { width: number; height: number; background: string }): Promise<NormalizedImage | null> {
    const { default: sharp } = await import('sharp');
    try {
      // An SVG is drawn at twice its nominal density, so a small cover still fills the card sharply.
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', density: 144 })
        .rotate()
        .resize({ width: options.width, height: options.height, fit: 'contain', background: options.background })
        .flatten({ background: options.background })
        .jpeg({ quality: this.quality, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return { body: new Uint8Array(data), contentType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height };
    } catch {
      return null;
    }
  }
}
