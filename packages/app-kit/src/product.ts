/** The product's name (header, footer, "Create Your ... Account", theme previews). */
export const PRODUCT_NAME = 'Ledgerly';
