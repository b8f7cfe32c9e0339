import { englishCatalogue } from "../i18n/catalogue";

/**
 * `/i18n/en.json`: the whole English catalogue, compiled, for an English page's browser after it
 * has hydrated with its own messages (decision 109). The address carries the build's version.
 */
export async function loader() {
  return Response.json(await englishCatalogue(), { headers: { "Cache-Control": "public, max-age=86400" } });
}
