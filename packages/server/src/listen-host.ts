import { isIP } from 'node:net';

/** A DNS name (letters, digits, hyphens, dots; not all digits, which would be a bad IPv4 address). */
const HOSTNAME =
  /^(?=.*[a-z-])[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/** `HOST` must be an IP address or a host name to listen on, checked before anything is opened. */
export const checkHost = (host: string | undefined): string | undefined =>
  host === undefined || isIP(host) !== 0 || (host.length <= 253 && HOSTNAME.test(host))
    ? undefined
    : 'HOST must be an IP address or a host name to listen on (e.g. 127.0.0.1, 0.0.0.0, ::, localhost)';
