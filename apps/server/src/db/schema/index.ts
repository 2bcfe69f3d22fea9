export * from './audit.js';
export * from './auth.js';
export * from './catalogue.js';
export * from './fleet.js';
export * from './jobs.js';
export * from './organizations.js';
export * from './roles.js';
export * from './users.js';
