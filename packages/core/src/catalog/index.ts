export * from './catalog';
export * from './lookup';
export * from './parse';
export {
  CatalogConsumableProduct,
  CatalogProduct,
  CatalogSeatRow,
  CatalogSection,
  CatalogTicketingProduct,
  CatalogTicketRate,
  CatalogTimeSlot,
  CatalogTimeSlotProduct,
  CatalogTimeSlotRate,
  CatalogVariableProduct,
  CatalogVariant,
} from './product';
export * from './provider';
