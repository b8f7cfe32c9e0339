import { startServer } from "./app/server.js";
import { ConfigError } from "./lib/config/index.js";

startServer().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
