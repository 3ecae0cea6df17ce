import { defineConfig } from "vite";

/**
 * Builds the reader as exactly two files, dist/reader/reader.js and reader.css, with no hashes:
 * the publisher copies them into every bundle as assets/reader.js and assets/reader.css.
 * The script is a classic IIFE (never an ES module, never split): a bundle opened from the file
 * system (file://) must work, and Chrome refuses module scripts there.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: "./",
  publicDir: false,
  // The code is written against React's API; Preact's compat layer runs it at a fraction of the size.
  resolve: {
    alias: [
      { find: /^react$/, replacement: "preact/compat" },
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
    ],
  },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: "../dist/reader",
    emptyOutDir: true,
    target: "es2020",
    cssCodeSplit: false,
    copyPublicDir: false,
    reportCompressedSize: true,
    lib: {
      entry: "src/main.tsx",
      formats: ["iife"],
      name: "EpaperReader",
      fileName: () => "reader.js",
      cssFileName: "reader",
    },
    rollupOptions: { output: { inlineDynamicImports: true } },
  },
});
