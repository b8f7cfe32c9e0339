import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The back office: a client-rendered app served by the shop's server at /admin/. */
export default defineConfig({
  base: "/admin/",
  plugins: [react()],
  build: { outDir: "build", emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { proxy: { "/api": "http://127.0.0.1:3000", "/uploads": "http://127.0.0.1:3000", "/img": "http://127.0.0.1:3000" } },
});
