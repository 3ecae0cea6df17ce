/**
 * The studio's address of one rendered file of an ePaper page (GET /epaper/:epaperId/pages/
 * :pageNumber/:file). Browsers keep these a day; `pagesVersion` (epaper.pages_version, raised by
 * every page operation and render) makes a new address once numbers point at other pages.
 */
export function pageFileSrc(epaperId: string, pageNumber: number, file: string, pagesVersion: number) {
  return `/epaper/${encodeURIComponent(epaperId)}/pages/${pageNumber}/${encodeURIComponent(file)}?v=${pagesVersion}`;
}

/** The public API's address of the same file (GET /api/v1/epapers/:epaperId/pages/:pageNumber/:file, with a key). */
export function apiPageFileSrc(epaperId: string, pageNumber: number, file: string, pagesVersion: number) {
  return `/api/v1/epapers/${encodeURIComponent(epaperId)}/pages/${pageNumber}/${encodeURIComponent(file)}?v=${pagesVersion}`;
}

/** The public API's download of an ePaper's zip (GET /api/v1/epapers/:epaperId/zip, with a key). */
export function apiZipSrc(epaperId: string) {
  return `/api/v1/epapers/${encodeURIComponent(epaperId)}/zip`;
}
