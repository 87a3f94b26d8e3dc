import { PROFILE_PHOTO_CROP_PX } from '../../../../core/constants';

// Profile photos are cropped in the browser (spec 1 §4): the centred square of the picture, drawn on a
// 300 × 300 canvas and exported as JPEG.

type Source = HTMLImageElement | HTMLVideoElement;

const sizeOf = (source: Source) =>
  source instanceof HTMLVideoElement ? { width: source.videoWidth, height: source.videoHeight } : { width: source.naturalWidth, height: source.naturalHeight };

/** The centred square of `source`, as a 300 px JPEG. */
export function cropToSquare(source: Source, size = PROFILE_PHOTO_CROP_PX): Promise<Blob> {
  const { width, height } = sizeOf(source);
  const side = Math.min(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context || side === 0) return Promise.reject(new Error('The picture could not be read'));
  context.drawImage(source, (width - side) / 2, (height - side) / 2, side, side, 0, 0, size, size);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be read'))), 'image/jpeg', 0.9));
}

/** A file as an <img>, once loaded. */
export function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const url = URL.createObjectURL(file);
    image.onload = () => { URL.revokeObjectURL(url); resolve(image); };
    image.onerror = () => { URL.revokeObjectURL(url); reject(new Error('The file is not a picture')); };
    image.src = url;
  });
}

/** The camera's stream, or null when the browser has no camera (then the dialog says 'Coudn't find any devices!'). */
export async function openCamera(): Promise<MediaStream | null> {
  if (!navigator.mediaDevices?.getUserMedia) return null;
  const devices = (await navigator.mediaDevices.enumerateDevices?.()) ?? [];
  if (!devices.some((d) => d.kind === 'videoinput')) return null;
  try {
    return await navigator.mediaDevices.getUserMedia({ video: true });
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'NotFoundError' || error.name === 'OverconstrainedError')) return null;
    throw error;
  }
}
