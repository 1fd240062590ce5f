export {
  buildGateway,
  CONTENT_SECURITY_POLICY,
  DEFAULT_REMOTES,
  UNAVAILABLE_MESSAGE,
  type GatewayOptions,
  type ServiceKey,
} from './app';
export { gatewayOptionsFromEnv } from './config';
export { RevokedSessions, pastHalfLife } from './sessions';
export { cacheControlFor } from './static';
