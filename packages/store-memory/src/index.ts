export { createMemoryStorage } from './storage';
