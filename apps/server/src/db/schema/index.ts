export * from "./shops.js";
export * from "./members.js";
export * from "./catalogue.js";
export * from "./content.js";
