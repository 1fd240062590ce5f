/** The product's name lives in app-kit so that remotes (e.g. the theme preview) can show it too. */
export { PRODUCT_NAME } from '@hf/app-kit';
