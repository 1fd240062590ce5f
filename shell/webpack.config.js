// The host: routes, header, session, theme, auth screens, Help; loads the remotes at run time.
const { makeConfig } = require('@hf/webpack-federation');
// The product's name in one place: product.ts is a leaf module in plain JavaScript syntax, so
// Node loads it as it is; the page's own title then follows the route (layout/page-title.ts).
const { PRODUCT_NAME } = require('@hf/contracts/product');

module.exports = makeConfig({ name: 'shell', dir: __dirname, remotes: 'runtime', isHost: true, title: PRODUCT_NAME });
