/**
 * Money: integer cents inside the system, decimal dollars in the JSON API, text on screens and
 * in bank files. This package is the one place that converts between them.
 */
export * from './cents';
export * from './amount-text';
export * from './format';
