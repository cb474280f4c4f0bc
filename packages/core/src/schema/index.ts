// Events as a storage contract: schema versions and the upcasters that read older versions.
export * from './stored-event';
