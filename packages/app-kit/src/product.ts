export { PRODUCT_NAME } from '@hf/contracts';
