import { ConfigError } from "./config.js";
import { startServer } from "./server.js";

startServer().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
