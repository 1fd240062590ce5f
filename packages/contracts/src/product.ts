/**
 * The product's name: header, footer, "Create Your ... Account", emails, theme previews.
 * A leaf module without dependencies, so front ends can import it without loading typebox.
 */
export const PRODUCT_NAME = 'Ledgerly';
