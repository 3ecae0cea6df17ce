/**
 * The reader's entry: a classic deferred script. It reads the manifest inlined in index.html and
 * mounts beside the static first page, which it removes once its own first image is on screen.
 */
import { createRoot } from "react-dom/client";
import { MANIFEST_ELEMENT_ID, MANIFEST_VERSION, ROOT_ELEMENT_ID, type ReaderManifest } from "../../src/manifest.ts";
import { App } from "./App.tsx";
import { watchFirstPage } from "./first-paint.ts";
import { keepInPageLinks } from "./in-page-links.ts";
import { startStats } from "./stats.ts";
import "./styles.css";
import "./text-view.css";

function readManifest(): ReaderManifest | null {
  const element = document.getElementById(MANIFEST_ELEMENT_ID);
  try {
    const manifest = JSON.parse(element?.textContent ?? "null") as ReaderManifest | null;
    return manifest && manifest.version === MANIFEST_VERSION && manifest.pages.length > 0 ? manifest : null;
  } catch {
    return null;
  }
}

/** The bundle path of the rendition the browser chose for the static page (currentSrc is absolute). */
function staticImageSrc(manifest: ReaderManifest, image: HTMLImageElement | null | undefined): string | undefined {
  const current = image?.currentSrc;
  if (!current) {
    return undefined;
  }
  return manifest.pages[0]?.images.find((rendition) => new URL(rendition.src, document.baseURI).href === current)?.src;
}

function start() {
  const root = document.getElementById(ROOT_ELEMENT_ID);
  const manifest = readManifest();
  if (!root || !manifest) {
    // Without a manifest the static first page stays: better than an empty screen.
    return;
  }
  keepInPageLinks();
  startStats(manifest);
  const staticPage = root.querySelector<HTMLElement>("[data-ep-static]");
  watchFirstPage(staticPage?.querySelector("img"));
  const container = document.createElement("div");
  container.className = "ep-root";
  root.appendChild(container);
  createRoot(container).render(
    <App
      manifest={manifest}
      initialSrc={staticImageSrc(manifest, staticPage?.querySelector("img"))}
      onFirstImage={() => staticPage?.remove()}
    />,
  );
}

start();
