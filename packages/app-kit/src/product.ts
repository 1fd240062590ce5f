// The leaf module, not the package index: the index would pull typebox into the first page.
export { PRODUCT_NAME } from '@hf/contracts/product';
