/**
 * The studio's address of one rendered file of an ePaper page (GET /epaper/:epaperId/pages/
 * :pageNumber/:file). Browsers keep these a day; `pagesVersion` (epaper.pages_version, raised by
 * every page operation and render) makes a new address once numbers point at other pages.
 */
export function pageFileSrc(epaperId: string, pageNumber: number, file: string, pagesVersion: number) {
  return `/epaper/${encodeURIComponent(epaperId)}/pages/${pageNumber}/${encodeURIComponent(file)}?v=${pagesVersion}`;
}
