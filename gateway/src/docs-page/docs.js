/* The API documentation page: Swagger UI on the gateway's merged document (a file, not an inline script: the CSP allows only our own script files). */
/* global SwaggerUIBundle, window */
window.ui = SwaggerUIBundle({
  url: '/api/docs/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
