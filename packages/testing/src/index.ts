export * from './arbitraries/basket-state';
export * from './arbitraries/wire';
export * from './conformance';
export * from './given-when-then';
export * from './model';
