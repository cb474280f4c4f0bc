import { describeCommandLeaseConformance } from '@basket/testing';
import { createMemoryStorage } from '../src/index';

describeCommandLeaseConformance('store-memory', async () => createMemoryStorage());
