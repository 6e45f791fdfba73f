// Starts Swagger UI on the API's own OpenAPI document. Served from the
// Worker's assets next to the pinned swagger-ui-dist bundle (see
// dashboard/docs-ui.ts), so /api/docs loads no third-party script.
window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  // Keys pasted into "Authorize" stay in this tab only.
  persistAuthorization: false,
});
