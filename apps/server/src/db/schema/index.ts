export * from "./catalogue.js";
export * from "./content.js";
export * from "./dealers.js";
export * from "./favorites.js";
export * from "./logistics.js";
export * from "./members.js";
export * from "./promotions.js";
export * from "./shops.js";
