import type { BasketState } from '@basket/core';
import type { ResolvedAppConfig } from './config';
import type { RecentResources } from './inventory/recent-resources';
import type { CompletionHub } from './notifications/hub';
import type { Clock, Ids, PaymentProvider, Providers } from './ports/providers';
import type { Storage } from './ports/storage';
import type { StateCache } from './streams/state-cache';

/** What the app's parts share: the ports it was given, its configuration and its completion news. */
export type AppContext = {
  readonly storage: Storage;
  readonly providers: Providers;
  readonly paymentProvider: PaymentProvider;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly config: ResolvedAppConfig;
  readonly hub: CompletionHub;
  /** Basket states this process last saw, so loads fold only what was committed since. */
  readonly basketStates: StateCache<BasketState>;
  /** The resources each basket's last decision here read availability of (a prefetch guess). */
  readonly recentResources: RecentResources;
  /** Failures that processing survives, for the composition root's log. */
  readonly onError: (error: unknown) => void;
};
