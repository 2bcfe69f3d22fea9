/**
 * The MQTT gateway, an inbound adapter beside the HTTP routes: it turns device messages into
 * calls to the modules' services and delivers their commands. It imports modules through
 * their index; no module imports it (they define ports it fills: CommandGateway, DevicePresence).
 */

export { brokerAuthRoutes, DEFAULT_DEVICES_VHOST } from './broker-auth.routes.js';
export { DeviceDirectory } from './device-directory.js';
export { Gateway, type GatewayOptions, type MqttSettings } from './gateway.js';
