import { describeStatsConformance } from '@basket/testing';
import { createMemoryStorage } from '../src/index';

describeStatsConformance('store-memory', async () => createMemoryStorage());
