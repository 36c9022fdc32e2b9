// Starts Swagger UI on the API's own spec. A file of its own, not an inline script: the page's
// Content-Security-Policy allows scripts from the server only.
window.addEventListener("DOMContentLoaded", () => {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui-container",
    validatorUrl: null, // no badge from an online validator
  });
});
