/** The product's name, shown in the header, the footer and "Create Your ... Account". */
export const PRODUCT_NAME = 'Household Forecast';
