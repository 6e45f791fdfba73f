/**
 * GET /api/docs: Swagger UI over /api/openapi.json, from the Worker's own
 * static assets (/docs-ui/, copied from the pinned swagger-ui-dist by the
 * dashboard build: dashboard/docs-ui.ts). Same-origin scripts only, and a
 * Content-Security-Policy that allows nothing else: this is a page where
 * people paste API keys.
 */

/** The path the dashboard build copies the docs UI to. */
export const DOCS_UI_PATH = "/docs-ui";

/**
 * Swagger UI sets inline styles, hence 'unsafe-inline' for styles only; it
 * draws icons as data: URIs.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Assay API</title>
<link rel="icon" type="image/png" href="${DOCS_UI_PATH}/favicon-32x32.png">
<link rel="stylesheet" href="${DOCS_UI_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_UI_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_UI_PATH}/init.js"></script>
</body>
</html>
`;

/** The docs page's response. */
export function docsPage(): Response {
  return new Response(PAGE, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": DOCS_CSP,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
  });
}
