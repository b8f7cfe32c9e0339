export * from "./catalogue.js";
export * from "./content.js";
export * from "./members.js";
export * from "./shops.js";
