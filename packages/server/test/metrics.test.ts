import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/index';
import { providerOfResource } from '../src/metrics/registry';

describe('BASKET_METRICS_PORT', () => {
  it('is off when unset or empty', () => {
    for (const env of [{}, { BASKET_METRICS_PORT: '' }]) {
      const config = readConfig(env);
      expect(config.ok && config.value.metricsPort).toBeUndefined();
    }
  });

  it('names the port of GET /metrics, 0 for a free one', () => {
    expect(readConfig({ BASKET_METRICS_PORT: '9464' })).toMatchObject({
      ok: true,
      value: { metricsPort: 9464 },
    });
    expect(readConfig({ BASKET_METRICS_PORT: '0' })).toMatchObject({ ok: true, value: { metricsPort: 0 } });
  });

  it('refuses what is not a port, with every other problem', () => {
    expect(readConfig({ BASKET_METRICS_PORT: 'nine', PORT: '70000' })).toEqual({
      ok: false,
      error:
        'PORT must be an integer from 0 to 65535; BASKET_METRICS_PORT must be an integer from 0 to 65535',
    });
    expect(readConfig({ BASKET_METRICS_PORT: '65536' }).ok).toBe(false);
  });
});

describe('providerOfResource (the provider label of basket_holds_units)', () => {
  it('is the provider identity of the resource’s product', () => {
    expect(providerOfResource('stock:fnb:arena|46602259e87b5062c3ef0e0f')).toBe('fnb:arena');
    expect(providerOfResource('stock:shop|b4fc97c45b14a06fbcbdf88d:home-shirt-m')).toBe('shop');
    expect(providerOfResource('seat:tix:arena|1fed8c284c51a8c8a88c6b61:A-1')).toBe('tix:arena');
    expect(providerOfResource('slot:tsl:tours|39ced27e9e7be42a13773e41:slot-1')).toBe('tsl:tours');
    expect(providerOfResource('stock:no-provider')).toBe('unknown');
  });
});
