export { measureRequests } from './http-requests';
export { listenForScrapes, type MetricsListener } from './listener';
export { createServerMetrics, providerOfResource, type RelayFigures, type ServerMetrics } from './registry';
