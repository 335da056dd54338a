import { READER_CACHE } from '@shared/site';

/**
 * A barcode reader for the camera: the browser's own BarcodeDetector where it has one that reads QR codes
 * (Chrome on Android, macOS), else the ZXing WebAssembly ponyfill (barcode-detector). Its .wasm is a file of our
 * own build (Vite's ?url), never the package's default CDN: stations work offline, and the CSP allows only 'self'.
 */
export interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** What a cylinder label and the papers around it carry: the public page's QR code and the plain codes. */
export const SCAN_FORMATS = ['qr_code', 'code_128', 'code_39', 'ean_13', 'data_matrix'] as const;

interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!supported.includes('qr_code')) return null;
    return new Native({ formats: SCAN_FORMATS.filter((f) => supported.includes(f)) });
  } catch {
    return null;
  }
}

let zxing: Promise<Detector> | null = null;

function zxingDetector(): Promise<Detector> {
  zxing ??= (async () => {
    const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
      import('barcode-detector/ponyfill'),
      import('zxing-wasm/reader/zxing_reader.wasm?url'),
    ]);
    // Loaded now, not at the first frame: a file that cannot be fetched or compiled fails here, with its reason.
    await prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
      fireImmediately: true,
    });
    return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
  })();
  zxing.catch(() => (zxing = null));
  return zxing;
}

/**
 * The ZXing reader is not in the precache (1 MB of the app's 5): a phone's Chrome reads codes itself and never needs
 * it. Where the browser has no reader of its own (desktop Chromium on Windows and Linux), it is stored here, in the
 * service worker's cache for it, ahead of the first camera scan, so the camera works offline there too; an older
 * release's copy is dropped.
 */
export async function keepReaderOffline(): Promise<void> {
  if (typeof caches === 'undefined' || (await nativeDetector())) return;
  const { default: wasmUrl } = await import('zxing-wasm/reader/zxing_reader.wasm?url');
  const url = new URL(wasmUrl, window.location.href).href;
  const cache = await caches.open(READER_CACHE);
  for (const request of await cache.keys()) if (request.url !== url) await cache.delete(request);
  if (await cache.match(url)) return;
  if (navigator.serviceWorker?.controller) {
    // The worker's route for the reader (CacheFirst) stores what this page fetches. Storing it here too wrote the entry
    // twice at once, and a read between the two writes found none (the worker failed the reader offline).
    await (await fetch(url)).arrayBuffer();
  } else {
    await cache.add(url);
  }
}

export async function createDetector(): Promise<Detector> {
  return (await nativeDetector()) ?? zxingDetector();
}
