import { describeStorageConformance } from '@basket/testing';
import { createMemoryStorage } from '../src';

describeStorageConformance('store-memory', async () => createMemoryStorage());
