// Domain values that stored events, commands and the catalog record: addresses, customer details,
// delivery methods and selections, discounts, tickets and matches, payment components. Built from
// primitives only; the wire's resources show them as they are, by importing them from here.
export * from './address';
export * from './customer-details';
export * from './delivery';
export * from './discount';
export * from './payment';
export * from './ticketing';
