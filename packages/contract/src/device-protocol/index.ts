export * from './commands.js';
export * from './constants.js';
export * from './simulator-fleet.js';
export * from './time.js';
export * from './topics.js';
export * from './uplink.js';
